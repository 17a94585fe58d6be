import { z } from 'zod';
import { ACCESS_ROLES } from '../calendar/fake-calendar.js';
import type { FakeGoogleControl } from '../control-surface.js';
import { readJson } from '../http/request-body.js';
import { ErrorResponse } from '../http/error-response.js';
import { sendJson, sendNoContent } from '../http/respond.js';
import { route, type Exchange, type Route } from '../http/router.js';
import { ADMIN_PREFIX } from '../http/server.js';

/**
 * The control surface over HTTP (`/__fake/…`, JSON), for a fake started by the CLI and driven from another process,
 * such as Playwright tests. Served only on a loopback address, so it needs no credentials.
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

/** A path is given as an exact `path` or as `pathPattern`, the source of a RegExp. */
const pathSchema = z
  .object({ path: z.string().optional(), pathPattern: z.string().optional() })
  .refine(
    ({ path, pathPattern }) => (path === undefined) !== (pathPattern === undefined),
    'give exactly one of path and pathPattern',
  );

const failureSchema = z.intersection(
  pathSchema,
  z.object({
    status: z.union([z.literal(429), z.literal(403), z.literal(500), z.literal(503)]),
    times: z.number().int().positive().optional(),
    retryAfterSeconds: z.number().int().nonnegative().optional(),
    reason: z.enum(['rateLimitExceeded', 'userRateLimitExceeded']).optional(),
  }),
);

const hangSchema = z.intersection(
  pathSchema,
  z.object({ ms: z.number().int().nonnegative(), times: z.number().int().positive().optional() }),
);

const lifetimeSchema = z.object({ seconds: z.number().int().nonnegative() });
const untickedSchema = z.object({ scopes: z.array(z.string().min(1)) });
const eventsSchema = z.array(z.record(z.string(), z.unknown()));
const eventSchema = z.record(z.string(), z.unknown());

const matcher = ({ path, pathPattern }: { path?: string; pathPattern?: string }): RegExp | string =>
  path ?? new RegExp(pathPattern ?? '');

type Action = (exchange: Exchange) => Promise<unknown> | unknown;

/** Runs an admin action; whatever it refuses comes back as `400 { error }` instead of a Google-shaped body. */
function adminRoute(method: string, path: string, action: Action): Route {
  return route(method, `${ADMIN_PREFIX}${path}`, async (exchange) => {
    try {
      const result = await action(exchange);
      if (result === undefined) sendNoContent(exchange.response);
      else sendJson(exchange.response, 200, result);
    } catch (error) {
      const message =
        error instanceof z.ZodError ? z.prettifyError(error) : error instanceof Error ? error.message : String(error);
      sendJson(exchange.response, 400, { error: message });
    }
  });
}

async function body<T>(exchange: Exchange, schema: z.ZodType<T>): Promise<T> {
  return schema.parse(await readJson(exchange.request, () => new ErrorResponse(400, 'request body is not JSON')));
}

export function adminRoutes(control: FakeGoogleControl): Route[] {
  const events = 'accounts/:email/calendars/:calendarId/events';
  const param = (exchange: Exchange, name: string): string => exchange.params[name] ?? '';
  return [
    adminRoute('GET', 'calls', () => ({ calls: control.calls })),
    adminRoute('DELETE', 'calls', () => control.resetCalls()),
    adminRoute('POST', 'accounts', async (exchange) => control.addAccount(await body(exchange, accountSchema))),
    adminRoute('POST', 'accounts/:email/calendars', async (exchange) =>
      control.addCalendar(param(exchange, 'email'), await body(exchange, calendarSchema)),
    ),
    adminRoute('GET', events, (exchange) => ({
      events: control.storedEvents(param(exchange, 'email'), param(exchange, 'calendarId')),
    })),
    adminRoute('PUT', events, async (exchange) => ({
      events: control.setEvents(param(exchange, 'email'), param(exchange, 'calendarId'), await body(exchange, eventsSchema)),
    })),
    adminRoute('POST', events, async (exchange) =>
      control.upsertEvent(param(exchange, 'email'), param(exchange, 'calendarId'), await body(exchange, eventSchema)),
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
    adminRoute('PUT', 'access-token-lifetime', async (exchange) =>
      control.setAccessTokenLifetime((await body(exchange, lifetimeSchema)).seconds),
    ),
    adminRoute('POST', 'fail-next', async (exchange) => {
      const { path, pathPattern, ...rule } = await body(exchange, failureSchema);
      control.failNext({ ...rule, path: matcher({ path, pathPattern }) });
    }),
    adminRoute('POST', 'hang-next', async (exchange) => {
      const { path, pathPattern, ...rule } = await body(exchange, hangSchema);
      control.hangNext({ ...rule, path: matcher({ path, pathPattern }) });
    }),
    adminRoute('POST', 'deny-next-authorization', () => control.denyNextAuthorization()),
    adminRoute('POST', 'untick-next-consent', async (exchange) =>
      control.untickNextConsent((await body(exchange, untickedSchema)).scopes),
    ),
  ];
}
