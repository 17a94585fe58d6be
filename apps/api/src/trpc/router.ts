import { router } from './init.js';
import { activitiesRouter } from './routers/activities.js';
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
});

/** The web app's only import from the server: a type. */
export type AppRouter = typeof appRouter;
