import { z } from 'zod';
import { route, type Exchange, type Route } from '../../google/http/router.js';
import type { FakeMicrosoftControl } from '../control-surface.js';
import type { EventInput } from '../graph/event-resource.js';
import { readText, sendJson, sendNoContent } from '../http/respond.js';
import { ADMIN_PREFIX } from '../http/server.js';

/**
 * The control surface over HTTP (`/__fake/…`, JSON), for a fake started by the CLI and driven from another process,
 * such as Playwright tests. Served only on a loopback address, so it needs no credentials.
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

const pathSchema = z
  .object({ path: z.string().optional(), pathPattern: z.string().optional() })
  .refine(
    ({ path, pathPattern }) => (path === undefined) !== (pathPattern === undefined),
    'give exactly one of path and pathPattern',
  );

const failureSchema = z.intersection(
  pathSchema,
  z.object({
    status: z.union([z.literal(429), z.literal(503), z.literal(504)]),
    times: z.number().int().positive().optional(),
    retryAfterSeconds: z.number().int().nonnegative().optional(),
  }),
);
const hangSchema = z.intersection(
  pathSchema,
  z.object({
    ms: z.number().int().nonnegative(),
    times: z.number().int().positive().optional(),
    afterHandling: z.boolean().optional(),
  }),
);
const lossSchema = z.object({ loss: z.enum(['revoked', 'expired']).optional() });
const lifetimeSchema = z.object({ seconds: z.number().int().nonnegative() });
const scopesSchema = z.object({ scopes: z.array(z.string().min(1)) });
const eventSchema = z.record(z.string(), z.unknown());

const matcher = ({ path, pathPattern }: { path?: string; pathPattern?: string }): RegExp | string =>
  path ?? new RegExp(pathPattern ?? '');

type Action = (exchange: Exchange) => Promise<unknown> | unknown;

/** Runs an admin action; whatever it refuses comes back as `400 { error }`. */
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
  const text = await readText(exchange.request);
  return schema.parse(text ? JSON.parse(text) : {});
}

export function adminRoutes(control: FakeMicrosoftControl): Route[] {
  const user = (exchange: Exchange): string => exchange.params['user'] ?? '';
  return [
    adminRoute('GET', 'calls', () => ({ calls: control.calls })),
    adminRoute('DELETE', 'calls', () => control.resetCalls()),
    adminRoute('POST', 'accounts', async (exchange) => control.addAccount(await body(exchange, accountSchema))),
    adminRoute('GET', 'accounts/:user/events', (exchange) => ({ events: control.storedEvents(user(exchange)) })),
    adminRoute('PUT', 'accounts/:user/events', async (exchange) => ({
      events: control.setEvents(user(exchange), (await body(exchange, z.array(eventSchema))) as EventInput[]),
    })),
    adminRoute('POST', 'accounts/:user/events', async (exchange) =>
      control.upsertEvent(user(exchange), (await body(exchange, eventSchema)) as EventInput),
    ),
    adminRoute('DELETE', 'accounts/:user/events/:eventId', (exchange) =>
      control.deleteEvent(user(exchange), exchange.params['eventId'] ?? ''),
    ),
    adminRoute('POST', 'accounts/:user/lose-sync-state', (exchange) => control.loseSyncState(user(exchange))),
    adminRoute('POST', 'accounts/:user/lose-grants', async (exchange) =>
      control.loseGrants(user(exchange), (await body(exchange, lossSchema)).loss),
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
    adminRoute('POST', 'decline-next-consent', async (exchange) =>
      control.declineNextConsent((await body(exchange, scopesSchema)).scopes),
    ),
  ];
}
