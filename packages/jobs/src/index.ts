import { QUEUES } from '@breaker/api-contract';
import { timedJob } from './metrics/job-metrics.js';
import { runCalendarSync as calendarSync } from './calendar-sync.js';
import { runMaintenanceSweep as maintenanceSweep } from './maintenance-sweep.js';
import { runPasswordResetMail as passwordResetMail } from './password-reset-mail.js';
import { runPlaceBreaks as placeBreaks } from './place-breaks.js';
import { runBreakWriteBack as breakWriteBack } from './write-back.js';

export type { JobDeps } from './job-deps.js';
export { formatReport, replayRun, replaySchedulingRun, runFromJson, type ReplayReport } from './replay.js';
export { syncWindow } from './sync-window.js';
export { FEED_CALENDAR_ID, readFeed } from './providers/ics/ics-sync.js';
export { icsEvents } from './providers/ics/ics-events.js';
export { normaliseFeedUrl } from './providers/ics/feed-fetch.js';
export { evictionPolicyProblem, refuseEvictingRedis } from './redis-eviction-policy.js';
export type { CalendarJobDeps } from './calendar-job-deps.js';
export type { SweepTargets } from './maintenance-sweep.js';
export type { MailJobDeps } from './password-reset-mail.js';
export { createMailer, type Mailer, type OutgoingMail } from './mail/mailer.js';

/** Timed and counted by queue wherever they run: the worker and the API's in-process mode call these very functions. */
export const runPlaceBreaks = timedJob(QUEUES.placeBreaks, placeBreaks);
export const runCalendarSync = timedJob(QUEUES.calendarSync, calendarSync);
export const runBreakWriteBack = timedJob(QUEUES.writeBack, breakWriteBack);
export const runMaintenanceSweep = timedJob(QUEUES.maintenance, maintenanceSweep);
export const runPasswordResetMail = timedJob(QUEUES.passwordResetMail, passwordResetMail);
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
