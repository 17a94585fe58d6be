import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { PathMatcher } from './faults.js';
import { readText } from './request-body.js';
import { route, type Exchange, type Route } from './router.js';
import { ADMIN_PREFIX } from './server.js';
import type { ServiceControl } from './service-control.js';

/**
 * What every fake's control surface over HTTP (`/__fake/…`, JSON) shares: the route wrapper, its body reading, and the
 * routes of the controls every fake has (calls, token lifetime, scheduled failures and hangs, a denied sign-in). Served only on a loopback address, so it needs no credentials.
 */

function sendAdminJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

function sendAdminNoContent(response: ServerResponse): void {
  response.writeHead(204, { 'cache-control': 'no-store' });
  response.end();
}

type Action = (exchange: Exchange) => Promise<unknown> | unknown;

/** Runs an admin action; whatever it refuses comes back as `400 { error }` instead of the service's own error body. */
export function adminRoute(method: string, path: string, action: Action): Route {
  return route(method, `${ADMIN_PREFIX}${path}`, async (exchange) => {
    try {
      const result = await action(exchange);
      if (result === undefined) sendAdminNoContent(exchange.response);
      else sendAdminJson(exchange.response, 200, result);
    } catch (error) {
      const message =
        error instanceof z.ZodError ? z.prettifyError(error) : error instanceof Error ? error.message : String(error);
      sendAdminJson(exchange.response, 400, { error: message });
    }
  });
}

/** The JSON body, checked by `schema`; an empty body reads as `{}`. */
export async function adminBody<T>(exchange: Exchange, schema: z.ZodType<T>): Promise<T> {
  const text = await readText(exchange.request, () => new Error('request body is too large'));
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    throw new Error('request body is not JSON');
  }
  return schema.parse(parsed);
}

/** A path is given as an exact `path` or as `pathPattern`, the source of a RegExp. */
const pathSchema = z
  .object({ path: z.string().optional(), pathPattern: z.string().optional() })
  .refine(
    ({ path, pathPattern }) => (path === undefined) !== (pathPattern === undefined),
    'give exactly one of path and pathPattern',
  );

const hangSchema = z.intersection(
  pathSchema,
  z.object({
    ms: z.number().int().nonnegative(),
    times: z.number().int().positive().optional(),
    afterHandling: z.boolean().optional(),
  }),
);

const matcher = ({ path, pathPattern }: { path?: string; pathPattern?: string }): PathMatcher =>
  path ?? new RegExp(pathPattern ?? '');

const lifetimeSchema = z.object({ seconds: z.number().int().nonnegative() });

/**
 * The routes of every fake's {@link ServiceControl}: `calls`, `access-token-lifetime`, `fail-next` (with the failure
 * fields of the fake's service), `hang-next` and `deny-next-authorization`.
 */
export function serviceRoutes<F extends object>(
  failure: z.ZodType<F>,
  control: ServiceControl<F & { path: PathMatcher }>,
): Route[] {
  const failureSchema = z.intersection(pathSchema, failure);
  return [
    adminRoute('GET', 'calls', () => ({ calls: control.calls })),
    adminRoute('DELETE', 'calls', () => control.resetCalls()),
    adminRoute('PUT', 'access-token-lifetime', async (exchange) =>
      control.setAccessTokenLifetime((await adminBody(exchange, lifetimeSchema)).seconds),
    ),
    adminRoute('POST', 'fail-next', async (exchange) => {
      const { path, pathPattern, ...rule } = await adminBody(exchange, failureSchema);
      control.failNext({ ...(rule as F), path: matcher({ path, pathPattern }) });
    }),
    adminRoute('POST', 'hang-next', async (exchange) => {
      const { path, pathPattern, ...rule } = await adminBody(exchange, hangSchema);
      control.hangNext({ ...rule, path: matcher({ path, pathPattern }) });
    }),
    adminRoute('POST', 'deny-next-authorization', () => control.denyNextAuthorization()),
  ];
}
