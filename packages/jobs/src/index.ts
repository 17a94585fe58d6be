export type { JobDeps } from './job-deps.js';
export { formatReport, replayRun, replaySchedulingRun, runFromJson, type ReplayReport } from './replay.js';
export { syncWindow } from './sync-window.js';
export { FEED_CALENDAR_ID, readFeed } from './providers/ics/ics-sync.js';
export { icsEvents } from './providers/ics/ics-events.js';
export { closeIcsPool } from './providers/ics/ics-pool.js';
export { normaliseFeedUrl } from './providers/ics/feed-fetch.js';
export { evictionPolicyProblem, refuseEvictingRedis } from './redis-eviction-policy.js';
export { watchRedisOutages } from './redis-outage.js';
export type { CalendarJobDeps } from './calendar-job-deps.js';
export type { SweepTargets } from './maintenance-sweep.js';
export type { MailJobDeps } from './password-reset-mail.js';
export { createMailer, type Mailer, type OutgoingMail } from './mail/mailer.js';

export { loadVapidKeys, type VapidKeys } from './push/vapid-keys.js';
export {
  createPushSender,
  type PushSender,
  type PushSenderSettings,
  type PushTarget,
  type PushOutcome,
} from './push/push-sender.js';
export { checkPushEndpoint } from './push/push-endpoint.js';
export { deviceLabel } from './push/device-label.js';
export { pushToUser, type DeliveryCount, type PushJobDeps } from './push/push-delivery.js';
export { dueReminders, reminderPayload, runBreakReminder, type BreakReminderResult } from './break-reminder.js';
export {
  JOBS,
  jobRegistry,
  prepareJob,
  type PreparedJob,
  runJob,
  SCHEDULED_JOBS,
  type JobDeduplication,
  type JobDefinition,
} from './registry.js';
export type { HostDeps, JobContext, JobHost, JobResult } from './job-context.js';
export * from './hand-placement.js';
export { chooseCalDavCalendars, connectCalDav } from './providers/caldav/caldav-connect.js';
export { disconnectCalendar } from './disconnect-calendar.js';
export { providerFor, ProviderAccessExpired, ProviderUnavailable, type CalendarProvider } from './providers/index.js';
