import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * On the embedded database, each request is marked as being served from its arrival to its answer (or the client's
 * leaving), so the jobs this process runs hold their statements back meanwhile (packages/db/src/embedded-lanes.ts).
 * Nothing is registered on PostgreSQL, where jobs run on a worker and requests have connections of their own.
 */
export function registerRequestPriority(app: FastifyInstance, requestStarted: (() => () => void) | undefined): void {
  if (!requestStarted) return;
  const ends = new WeakMap<FastifyRequest, () => void>();
  app.addHook('onRequest', async (request) => {
    ends.set(request, requestStarted());
  });
  const end = async (request: FastifyRequest) => ends.get(request)?.();
  app.addHook('onResponse', end);
  app.addHook('onRequestAbort', end);
}
