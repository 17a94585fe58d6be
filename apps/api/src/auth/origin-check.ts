import { SERVER_MESSAGES } from '@breaker/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The routes answered whatever name the server is called by. Container and load-balancer health checks call
 * `/api/health` and `/api/ready` by an internal name (127.0.0.1, the service name); Prometheus scrapes `/metrics` as
 * `api:3000`, and the operator token it needs travels in a header a rebound page does not have.
 */
const ANY_HOST_ROUTES = new Set(['/api/health', '/api/ready', '/metrics']);

/**
 * The edge of trust, checked before anything else on every request:
 * - the Host must be APP_URL's, so that a name rebound to this server (DNS rebinding) gets nothing from it;
 * - a state-changing call, to any route, must carry an Origin that is APP_URL's or the Host it was sent to (browsers
 *   always send Origin on such requests), so that another site cannot make a visitor's browser act for it.
 * Neither looks at the spelling of the path: `/%61pi/...` reaches the same route as `/api/...`.
 */
export function registerOriginCheck(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isServedHost(request.headers.host, deps.config.appUrl) && !ANY_HOST_ROUTES.has(request.routeOptions.url ?? '')) {
      return reply.code(421).send({ message: SERVER_MESSAGES.foreignHost });
    }
    if (SAFE_METHODS.has(request.method) || isAllowedOrigin(request, deps)) return;
    return reply.code(403).send({ message: SERVER_MESSAGES.foreignOrigin });
  });
}

/**
 * APP_URL's host itself. When APP_URL is on loopback (development, the browser tests) any loopback name is too: only
 * this machine reaches it, and a rebound public name is never a loopback one.
 */
export function isServedHost(host: string | undefined, appUrl: URL): boolean {
  // A name or address and a port, nothing else: `a@b`, `a/b` and the like would parse into some other URL.
  if (!host || !HOST_HEADER.test(host) || !URL.canParse(`${appUrl.protocol}//${host}`)) return false;
  const requested = new URL(`${appUrl.protocol}//${host}`);
  if (requested.host === appUrl.host) return true;
  return isLoopback(appUrl.hostname) && isLoopback(requested.hostname);
}

const HOST_HEADER = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

function isAllowedOrigin(request: FastifyRequest, deps: AppDeps): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === deps.config.appUrl.origin) return true;
  const host = request.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}
