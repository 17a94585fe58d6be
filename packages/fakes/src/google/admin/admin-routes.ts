import { z } from 'zod';
import { ACCESS_ROLES } from '../calendar/fake-calendar.js';
import type { FakeGoogleControl } from '../control-surface.js';
import { adminBody, adminRoute, serviceRoutes } from '../../http/admin-routes.js';
import type { Exchange, Route } from '../../http/router.js';

/**
 * The control surface over HTTP (`/__fake/…`, JSON), for a fake started by the CLI and driven from another process,
 * such as Playwright tests; the route wrapper and the routes of the controls every fake has are shared
 * (../../http/admin-routes.ts).
 */

const accountSchema = z.object({
  sub: z.string().min(1),
  email: z.string().min(1),
  name: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  picture: z.string(),
  locale: z.string().optional(),
  timeZone: z.string().optional(),
});

const calendarSchema = z.object({
  id: z.string().min(1),
  summary: z.string(),
  description: z.string().optional(),
  timeZone: z.string().optional(),
  accessRole: z.enum(ACCESS_ROLES).optional(),
});

const failureSchema = z.object({
  status: z.union([z.literal(429), z.literal(403), z.literal(500), z.literal(503)]),
  times: z.number().int().positive().optional(),
  retryAfterSeconds: z.number().int().nonnegative().optional(),
  reason: z.enum(['rateLimitExceeded', 'userRateLimitExceeded']).optional(),
});

const untickedSchema = z.object({ scopes: z.array(z.string().min(1)) });
const eventsSchema = z.array(z.record(z.string(), z.unknown()));
const eventSchema = z.record(z.string(), z.unknown());

export function adminRoutes(control: FakeGoogleControl): Route[] {
  const events = 'accounts/:email/calendars/:calendarId/events';
  const param = (exchange: Exchange, name: string): string => exchange.params[name] ?? '';
  return [
    ...serviceRoutes(failureSchema, control),
    adminRoute('POST', 'accounts', async (exchange) => control.addAccount(await adminBody(exchange, accountSchema))),
    adminRoute('POST', 'accounts/:email/calendars', async (exchange) =>
      control.addCalendar(param(exchange, 'email'), await adminBody(exchange, calendarSchema)),
    ),
    adminRoute('GET', events, (exchange) => ({
      events: control.storedEvents(param(exchange, 'email'), param(exchange, 'calendarId')),
    })),
    adminRoute('PUT', events, async (exchange) => ({
      events: control.setEvents(param(exchange, 'email'), param(exchange, 'calendarId'), await adminBody(exchange, eventsSchema)),
    })),
    adminRoute('POST', events, async (exchange) =>
      control.upsertEvent(param(exchange, 'email'), param(exchange, 'calendarId'), await adminBody(exchange, eventSchema)),
    ),
    adminRoute('DELETE', `${events}/:eventId`, (exchange) =>
      control.deleteEvent(param(exchange, 'email'), param(exchange, 'calendarId'), param(exchange, 'eventId')),
    ),
    adminRoute('POST', 'accounts/:email/invalidate-sync-tokens', (exchange) =>
      control.invalidateSyncTokens(param(exchange, 'email')),
    ),
    adminRoute('POST', 'accounts/:email/revoke-refresh-tokens', (exchange) =>
      control.revokeRefreshTokens(param(exchange, 'email')),
    ),
    adminRoute('POST', 'untick-next-consent', async (exchange) =>
      control.untickNextConsent((await adminBody(exchange, untickedSchema)).scopes),
    ),
  ];
}
