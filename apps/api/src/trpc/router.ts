import type { Config } from '../env.js';
import { router } from './init.js';
import { activitiesRouter } from './routers/activities.js';
import { analyticsRouter } from './routers/analytics.js';
import { authRouter, authRouterWithoutDevelopment, developmentProcedures } from './routers/auth.js';
import { breaksRouter } from './routers/breaks.js';
import { calendarRouter } from './routers/calendar.js';
import { preferencesRouter } from './routers/preferences.js';

const productRouters = {
  preferences: preferencesRouter,
  activities: activitiesRouter,
  breaks: breaksRouter,
  calendar: calendarRouter,
  analytics: analyticsRouter,
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

/** The web app's only import from the server: a type. */
export type AppRouter = typeof appRouter;
