import type { FastifyInstance, RouteOptions } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answers JSON: carries the fixed security headers of `registerJsonSecurityHeaders` instead of helmet's per request. */
    jsonSecurityHeaders?: boolean;
  }
}

/**
 * The headers helmet gives an answer under these options, worked out once. They do not depend on the request unless
 * the policy takes nonces, which a JSON answer's does not.
 */
export function securityHeadersOf(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * JSON answers (the busiest routes: upcoming-breaks reads and their 304s) carry helmet's headers worked out once at
 * start-up: @fastify/helmet builds helmet's middleware anew on every request of a route with options of its own, which
 * cost more CPU than the rest of a 304. Routes matching `isJsonRoute` without helmet options of their own are taken
 * from @fastify/helmet (`helmet: false`); register before helmet, whose onRoute hook reads that option, and before
 * any hook that can answer early, so a 304 carries the headers its 200 would.
 */
export function registerJsonSecurityHeaders(
  app: FastifyInstance,
  isJsonRoute: (url: string) => boolean,
  options: Readonly<HelmetOptions>,
): void {
  const headers = securityHeadersOf(options);
  app.addHook('onRoute', (route: RouteOptions & { helmet?: unknown }) => {
    if (route.helmet !== undefined || !isJsonRoute(route.url)) return;
    route.helmet = false;
    route.config = { ...route.config, jsonSecurityHeaders: true };
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.jsonSecurityHeaders) reply.headers(headers);
  });
}
