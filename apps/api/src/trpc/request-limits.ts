import { AppError, SERVER_MESSAGES, TRPC_MAX_BATCH_SIZE } from '@breaker/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const TRPC_PREFIX = '/trpc/';

/**
 * What a tRPC request may be, checked before anything is read or parsed (no session lookup, no body, no database):
 * at most TRPC_MAX_BATCH_SIZE calls, and a body, when there is one, in JSON. The web app sends nothing else; tRPC's
 * own multipart and binary inputs are not used here, and its Fastify adapter fails on multipart with a 500.
 */
export function registerTrpcRequestLimits(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(TRPC_PREFIX)) return;
    const path = request.url.slice(TRPC_PREFIX.length).split('?', 1)[0]!;
    if (countCalls(path) > TRPC_MAX_BATCH_SIZE) throw new AppError('BAD_REQUEST', SERVER_MESSAGES.batchTooLarge);
    if (!declaresJsonOrNothing(request)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', SERVER_MESSAGES.inputNotJson);
  });
}

/** A batch names its calls in the path (`/trpc/a,b,c?batch=1`); Fastify decodes an escaped comma (%2C) to one too. */
function countCalls(path: string): number {
  return path.split(/,|%2c/i).length;
}

function declaresJsonOrNothing(request: FastifyRequest): boolean {
  const contentType = request.headers['content-type'];
  return contentType === undefined || /^application\/json\s*(;|$)/i.test(contentType);
}
