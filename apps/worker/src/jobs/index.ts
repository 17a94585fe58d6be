export type { JobDeps } from './job-deps.js';
export { runPlaceBreaks } from './place-breaks.js';
export { replaySchedulingRun, type ReplayReport } from './replay.js';
export { runCalendarSync } from './calendar-sync.js';
export type { CalendarJobDeps } from './calendar-job-deps.js';
export { runMaintenanceSweep, type SweepTargets } from './maintenance-sweep.js';
