import type { Config } from '../env.js';
import type { AnyProcedure } from '@trpc/server';
import type { FastifyRequest } from 'fastify';
import { router, TRPC_ROUTE, type ProcedureMeta } from './init.js';
import { activitiesRouter } from './routers/activities.js';
import { analyticsRouter } from './routers/analytics.js';
import { authRouter, authRouterWithoutDevelopment, developmentProcedures } from './routers/auth.js';
import { breaksRouter } from './routers/breaks.js';
import { calendarRouter } from './routers/calendar.js';
import { preferencesRouter } from './routers/preferences.js';
import { pushRouter } from './routers/push.js';

const productRouters = {
  preferences: preferencesRouter,
  activities: activitiesRouter,
  breaks: breaksRouter,
  calendar: calendarRouter,
  analytics: analyticsRouter,
  push: pushRouter,
};

/** Every procedure, the development ones included: what a server with ALLOW_DEV_LOGIN serves. */
export const appRouter = router({ auth: authRouter, ...productRouters });

/** Without ALLOW_DEV_LOGIN the development procedures do not exist, so calling one is a 404 before its input is read. */
const routerWithoutDevelopment = router({ auth: authRouterWithoutDevelopment, ...productRouters });

export const DEVELOPMENT_PROCEDURES = Object.keys(developmentProcedures).map((name) => `auth.${name}`);

/** What every server serves; one with ALLOW_DEV_LOGIN serves more. */
export type ServedRouter = typeof routerWithoutDevelopment;

export function routerFor(config: Pick<Config, 'allowDevLogin'>): ServedRouter {
  return config.allowDevLogin ? appRouter : routerWithoutDevelopment;
}

/**
 * Which procedures of a tRPC request declare `flag` in their meta, for the session hook: the route's path parameter
 * names the procedures (several in a batch), as the router matched them. `some` for a reader one call of the batch
 * benefits from, `every` for an answer the whole batch must share (its ETag).
 */
export function callsDeclaring(
  served: ServedRouter,
  flag: keyof ProcedureMeta,
  which: 'some' | 'every',
): (request: FastifyRequest) => boolean {
  // At run time `_def.procedures` is the router's flat record of procedures by path ('breaks.upcoming'), each with the
  // meta it declared; tRPC's types describe the nested one (`_def.record`) there instead.
  const procedures = served._def.procedures as unknown as Record<string, AnyProcedure>;
  const declaring = new Set(
    Object.keys(procedures).filter((name) => (procedures[name]?._def.meta as ProcedureMeta | undefined)?.[flag]),
  );
  return (request) => {
    if (request.method !== 'GET' || request.routeOptions.url !== TRPC_ROUTE) return false;
    const { path } = request.params as { path?: string };
    return path?.split(',')[which]((name) => declaring.has(name)) ?? false;
  };
}

/** The web app's only import from the server: a type. */
export type AppRouter = typeof appRouter;
