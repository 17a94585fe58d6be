export type { JobDeps } from './job-deps.js';
export { runPlaceBreaks } from './place-breaks.js';
export { replaySchedulingRun, type ReplayReport } from './replay.js';
export { runCalendarSync, syncWindow } from './calendar-sync.js';
export { FEED_CALENDAR_ID, readFeed } from '../calendar/ics-sync.js';
export { normaliseFeedUrl } from '../calendar/feed-fetch.js';
export type { CalendarJobDeps } from './calendar-job-deps.js';
export { runMaintenanceSweep, type SweepTargets } from './maintenance-sweep.js';
