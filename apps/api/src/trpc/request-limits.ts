import { AppError, SERVER_MESSAGES, TRPC_MAX_BATCH_SIZE } from '@breaker/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertJsonDepth } from '../routes/body-limits.js';
import { TRPC_ROUTE } from './init.js';

/** Matched on the decoded path, so `/%74rpc/...` is the same route. */
function isTrpcCall(request: FastifyRequest): boolean {
  return request.routeOptions.url === TRPC_ROUTE;
}

/**
 * What a tRPC request may be, checked before anything is read or parsed (no session lookup, no body, no database):
 * at most TRPC_MAX_BATCH_SIZE calls, and a body, when there is one, in JSON. The web app sends nothing else; tRPC's
 * own multipart and binary inputs are not used here, and its Fastify adapter fails on multipart with a 500.
 */
export function registerTrpcRequestLimits(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!isTrpcCall(request)) return;
    const { path } = request.params as { path: string };
    if (countCalls(path) > TRPC_MAX_BATCH_SIZE) throw new AppError('BAD_REQUEST', SERVER_MESSAGES.batchTooLarge);
    if (!declaresJsonOrNothing(request)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', SERVER_MESSAGES.inputNotJson);
  });
  // An empty JSON body is no input, as on the REST calls (routes/json-body.ts); tRPC's adapter would read it as
  // malformed JSON. `{}` is tRPC's own "no input": a call without input runs, one that needs input says what is missing.
  // tRPC parses its input itself (its plugin reads the body as text), so the depth bound is checked here, for a
  // query's input in the URL and a mutation's in the body alike.
  app.addHook('preHandler', async (request) => {
    if (!isTrpcCall(request)) return;
    if (request.body === '') request.body = '{}';
    if (typeof request.body === 'string') assertJsonDepth(request.body);
    const { input } = request.query as { input?: unknown };
    if (typeof input === 'string') assertJsonDepth(input);
  });
}

/** A batch names its calls in the decoded path (`/trpc/a,b,c?batch=1`). */
function countCalls(path: string): number {
  return path.split(',').length;
}

function declaresJsonOrNothing(request: FastifyRequest): boolean {
  const contentType = request.headers['content-type'];
  return contentType === undefined || /^application\/json\s*(;|$)/i.test(contentType);
}
