import { z } from 'zod';
import { adminBody, adminRoute, serviceRoutes } from '../../http/admin-routes.js';
import type { Exchange, Route } from '../../http/router.js';
import type { FakeMicrosoftControl } from '../control-surface.js';
import type { EventInput } from '../graph/event-resource.js';

/**
 * The control surface over HTTP (`/__fake/…`, JSON), for a fake started by the CLI and driven from another process,
 * such as Playwright tests; the route wrapper and the routes of the controls every fake has are shared
 * (../../http/admin-routes.ts).
 */

const accountSchema = z.object({
  oid: z.string().min(1),
  tid: z.string().min(1),
  userPrincipalName: z.string().min(1),
  mail: z.string().optional(),
  displayName: z.string(),
  givenName: z.string().optional(),
  surname: z.string().optional(),
});

const failureSchema = z.object({
  status: z.union([z.literal(429), z.literal(503), z.literal(504)]),
  times: z.number().int().positive().optional(),
  retryAfterSeconds: z.number().int().nonnegative().optional(),
});
const lossSchema = z.object({ loss: z.enum(['revoked', 'expired']).optional() });
const scopesSchema = z.object({ scopes: z.array(z.string().min(1)) });
const eventSchema = z.record(z.string(), z.unknown());

export function adminRoutes(control: FakeMicrosoftControl): Route[] {
  const user = (exchange: Exchange): string => exchange.params['user'] ?? '';
  return [
    ...serviceRoutes(failureSchema, control),
    adminRoute('POST', 'accounts', async (exchange) => control.addAccount(await adminBody(exchange, accountSchema))),
    adminRoute('GET', 'accounts/:user/events', (exchange) => ({ events: control.storedEvents(user(exchange)) })),
    adminRoute('PUT', 'accounts/:user/events', async (exchange) => ({
      events: control.setEvents(user(exchange), (await adminBody(exchange, z.array(eventSchema))) as EventInput[]),
    })),
    adminRoute('POST', 'accounts/:user/events', async (exchange) =>
      control.upsertEvent(user(exchange), (await adminBody(exchange, eventSchema)) as EventInput),
    ),
    adminRoute('DELETE', 'accounts/:user/events/:eventId', (exchange) =>
      control.deleteEvent(user(exchange), exchange.params['eventId'] ?? ''),
    ),
    adminRoute('POST', 'accounts/:user/lose-sync-state', (exchange) => control.loseSyncState(user(exchange))),
    adminRoute('POST', 'accounts/:user/lose-grants', async (exchange) =>
      control.loseGrants(user(exchange), (await adminBody(exchange, lossSchema)).loss),
    ),
    adminRoute('POST', 'decline-next-consent', async (exchange) =>
      control.declineNextConsent((await adminBody(exchange, scopesSchema)).scopes),
    ),
  ];
}
