import { z } from 'zod';

/** Queue names: BullMQ queue ids and in-process job names alike. */
export const QUEUES = {
  placeBreaks: 'place-breaks',
  calendarSync: 'calendar-sync',
  maintenance: 'maintenance',
  writeBack: 'calendar-write-back',
  passwordResetMail: 'password-reset-mail',
  breakReminder: 'break-reminder',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const placementTriggers = ['refresh', 'sync', 'preferences', 'cadence', 'replay'] as const;

/** Job payloads carry ids only, never secrets. */
export const maintenancePayload = z.object({}).strip();
export type MaintenancePayload = z.infer<typeof maintenancePayload>;

export const placeBreaksPayload = z.object({
  userId: z.uuid(),
  trigger: z.enum(placementTriggers),
});
export type PlaceBreaksPayload = z.infer<typeof placeBreaksPayload>;

export const calendarSyncPayload = z.object({
  userId: z.uuid(),
  trigger: z.enum(['manual', 'cadence', 'connect']),
});
export type CalendarSyncPayload = z.infer<typeof calendarSyncPayload>;

export const writeBackPayload = z.object({ userId: z.uuid() });
export type WriteBackPayload = z.infer<typeof writeBackPayload>;

/** How often each cadence syncs a calendar. */
export const SYNC_CADENCE_MS: Record<string, number> = {
  hourly: 60 * 60 * 1000,
  'every-4-hours': 4 * 60 * 60 * 1000,
  daily: 24 * 60 * 60 * 1000,
};

/** The sweep that finds due calendar syncs and rolling re-plans runs this often. */
export const MAINTENANCE_SWEEP_MS = 60 * 1000;

/** BullMQ options every producer uses, so a job means the same wherever it is added. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 24 * 3600 },
} as const;

/** One job per user in flight per queue: later requests join it. */
export function deduplicationId(queue: QueueName, userId: string): string {
  return `${queue}-${userId}`;
}

/**
 * A password reset e-mail to send: who asked and when, never the link's token, which the job makes itself (see
 * docs/decisions/006-reset-mail-jobs.md), so nothing secret waits in Redis.
 */
export const passwordResetMailPayload = z.object({
  userId: z.uuid(),
  requestedAt: z.iso.datetime(),
});
export type PasswordResetMailPayload = z.infer<typeof passwordResetMailPayload>;

/**
 * Mail is retried for longer than the other jobs, through an SMTP server's outage of half an hour or so, yet ends
 * within the hour the link lasts: 10 attempts 5 s, 10 s, 20 s … apart.
 */
export const MAIL_JOB_OPTIONS = {
  ...DEFAULT_JOB_OPTIONS,
  attempts: 10,
  backoff: { type: 'exponential', delay: 5_000 },
} as const;

/**
 * A break's reminder, queued to run at `remindAt` (epoch ms) for the break as it stood then (`startsAt`, epoch ms): ids
 * and times only. The job checks the break again when it runs, so a moved, skipped, completed or removed break is
 * never announced (see docs/decisions/008-break-reminders.md).
 */
export const breakReminderPayload = z.object({
  breakId: z.uuid(),
  startsAt: z.number().int().min(0),
  remindAt: z.number().int().min(0),
});
export type BreakReminderPayload = z.infer<typeof breakReminderPayload>;

/** The maintenance sweep queues the reminders falling due before its next run and a run after (so none is late). */
export const REMINDER_LOOKAHEAD_MS = 2 * MAINTENANCE_SWEEP_MS;

/** One reminder per break and start time, and per moment it is due: a repeated sweep joins the job already queued. */
export function breakReminderJobId(payload: BreakReminderPayload): string {
  return `${QUEUES.breakReminder}-${payload.breakId}-${payload.startsAt}-${payload.remindAt}`;
}

/**
 * Reminders are retried by the job itself (each push service's Retry-After, until the break ends); BullMQ's attempts
 * cover a failure before the reminder is claimed, such as the database being away.
 */
export const REMINDER_JOB_OPTIONS = {
  ...DEFAULT_JOB_OPTIONS,
  attempts: 5,
  backoff: { type: 'exponential', delay: 1_000 },
} as const;

/** Every job's payload schema by queue: producers and workers parse with the same one. */
export const JOB_PAYLOADS = {
  [QUEUES.placeBreaks]: placeBreaksPayload,
  [QUEUES.calendarSync]: calendarSyncPayload,
  [QUEUES.maintenance]: maintenancePayload,
  [QUEUES.writeBack]: writeBackPayload,
  [QUEUES.passwordResetMail]: passwordResetMailPayload,
  [QUEUES.breakReminder]: breakReminderPayload,
} as const satisfies Record<QueueName, z.ZodType>;
export type JobPayload<N extends QueueName> = z.infer<(typeof JOB_PAYLOADS)[N]>;

/** A job to run by its queue's name: one member per queue, so the payload always matches the name. */
export type JobRequest = { [N in QueueName]: { name: N; payload: JobPayload<N> } }[QueueName];
