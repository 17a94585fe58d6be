import { SERVER_MESSAGES } from '@breaker/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { isApiPath } from './request-session.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard: a state-changing call must carry an Origin that is the public
 * origin (APP_URL) or the very host it was sent to. Browsers always send Origin on such requests.
 */
export function registerOriginCheck(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !isApiPath(request.url)) return;
    if (isAllowedOrigin(request, deps)) return;
    return reply.code(403).send({ message: SERVER_MESSAGES.foreignOrigin });
  });
}

function isAllowedOrigin(request: FastifyRequest, deps: AppDeps): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === deps.config.appUrl.origin) return true;
  const host = request.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}
