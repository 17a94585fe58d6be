import { router } from './init.js';
import { activitiesRouter } from './routers/activities.js';
import { analyticsRouter } from './routers/analytics.js';
import { authRouter } from './routers/auth.js';
import { breaksRouter } from './routers/breaks.js';
import { calendarRouter } from './routers/calendar.js';
import { preferencesRouter } from './routers/preferences.js';

export const appRouter = router({
  auth: authRouter,
  preferences: preferencesRouter,
  activities: activitiesRouter,
  breaks: breaksRouter,
  calendar: calendarRouter,
  analytics: analyticsRouter,
});

/** The web app's only import from the server: a type. */
export type AppRouter = typeof appRouter;
