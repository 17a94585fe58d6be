import { AppError, SERVER_MESSAGES } from '@breaker/api-contract';
import { initTRPC, TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { AppDeps } from '../deps.js';
import { requireUser } from '../auth/request-session.js';
import { firstIssueMessage, logRequestFailure, toHttpError } from '../errors.js';

export interface TrpcContext {
  req: FastifyRequest;
  res: FastifyReply;
  deps: AppDeps;
}

const TRPC_CODES: Record<number, TRPCError['code']> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  501: 'NOT_IMPLEMENTED',
  503: 'SERVICE_UNAVAILABLE',
};

/** The route tRPC's Fastify adapter registers under the /trpc prefix: one for every procedure and batch. */
export const TRPC_ROUTE = '/trpc/:path';

/** What a procedure declares about itself, read before it runs. */
export interface ProcedureMeta {
  /** The procedure answers the user's upcoming breaks: they are read with the session, in one round trip. */
  readsUpcomingBreaks?: boolean;
  /** The answer depends only on the user's plan version and today (routes/plan-tags.ts): its ETag derives from them. */
  answersFromPlan?: boolean;
}

const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      // Input that fails its schema reads like the REST shims' 400s: the first human message. A procedure that does not
      // exist here (a development one on a server without them) reads like any unknown path.
      const unknownProcedure = error.code === 'NOT_FOUND' && !(error.cause instanceof AppError);
      const message =
        error.cause instanceof ZodError
          ? firstIssueMessage(error.cause)
          : unknownProcedure
            ? SERVER_MESSAGES.notFound
            : shape.message;
      return { ...shape, message, data: { code: shape.data.code, httpStatus: shape.data.httpStatus } };
    },
  });

/** Turns the app's one error type into tRPC's, through the same mapping the REST shims use. */
const appErrors = t.middleware(async ({ next, ctx }) => {
  const result = await next();
  if (result.ok) return result;
  const { error } = result;
  // Errors tRPC raised itself (bad input, unknown procedure) already say what the client should see.
  if (!(error.cause instanceof AppError) && error.code !== 'INTERNAL_SERVER_ERROR') return result;
  const source = error.cause ?? error;
  const http = toHttpError(source);
  logRequestFailure(ctx.req.log, source, http);
  if (http.retryAfterSeconds) void ctx.res.header('retry-after', http.retryAfterSeconds);
  throw new TRPCError({ code: TRPC_CODES[http.status] ?? 'INTERNAL_SERVER_ERROR', message: http.message, cause: source });
});

/**
 * tRPC parses a call's input only for procedures that declare one; parsing it for every call makes those without input
 * refuse malformed JSON as the others do, instead of running as if nothing had been sent.
 */
const inputIsParsed = t.middleware(async ({ getRawInput, next }) => {
  await getRawInput();
  return next();
});

export const router = t.router;
const procedure = t.procedure.use(appErrors);
export const publicProcedure = procedure.use(inputIsParsed);
/** Signed in first: a signed-out call answers 401 before its input is read, like the REST shims. */
export const authedProcedure = procedure
  .use(({ ctx, next }) => {
    const user = requireUser(ctx.req);
    return next({ ctx: { ...ctx, user } });
  })
  .use(inputIsParsed);
