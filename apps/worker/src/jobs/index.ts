export type { JobDeps } from './job-deps.js';
export { runPlaceBreaks } from './place-breaks.js';
export { replaySchedulingRun, type ReplayReport } from './replay.js';
export { runCalendarSync } from './calendar-sync.js';
export { syncWindow } from './sync-window.js';
export { runBreakWriteBack } from './write-back.js';
export { FEED_CALENDAR_ID, readFeed } from '../calendar/ics-sync.js';
export { icsEvents } from '../calendar/ics-events.js';
export { normaliseFeedUrl } from '../calendar/feed-fetch.js';
export type { CalendarJobDeps } from './calendar-job-deps.js';
export { runMaintenanceSweep, type SweepTargets } from './maintenance-sweep.js';
export {
  loadHandPlanning,
  moveProblem,
  slotsForBreak,
  slotToAdd,
  swapChoices,
  type AddedSlot,
  type HandPlanning,
  type SlotProblem,
} from './hand-placement.js';
