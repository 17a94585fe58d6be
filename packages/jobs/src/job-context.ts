import type { CalendarSyncResult, JobPayload, JobRequest, QueueName, RefreshBreaksResult } from '@breaker/api-contract';
import type { BreakReminderResult } from './break-reminder.js';
import type { CalendarJobDeps } from './calendar-job-deps.js';
import type { SweepResult } from './maintenance-sweep.js';
import type { MailJobDeps } from './password-reset-mail.js';
import type { PushJobDeps } from './push/push-delivery.js';
import type { WriteBackResult } from './write-back.js';

/** Everything any job may need: the worker and the API's in-process mode each build one. */
export type HostDeps = CalendarJobDeps & MailJobDeps & PushJobDeps;

/** What each job answers, by queue. */
export interface JobResults {
  'place-breaks': RefreshBreaksResult;
  'calendar-sync': CalendarSyncResult;
  'calendar-write-back': WriteBackResult;
  maintenance: SweepResult;
  'password-reset-mail': { sent: boolean };
  'break-reminder': BreakReminderResult;
}
export type JobResult<N extends QueueName> = JobResults[N];

/** Where jobs run: the worker over BullMQ, or the API itself without Redis. */
export interface JobHost {
  readonly deps: HostDeps;
  /** Hands a job on to run later: a BullMQ job in queue mode, a background run in-process. */
  queue(job: JobRequest): Promise<void>;
}

/** What a running job may ask of its host. */
export interface JobContext {
  queue(job: JobRequest): Promise<void>;
  /** Runs another job here and now, follow-ups included, and answers its result. */
  run<N extends QueueName>(name: N, payload: JobPayload<N>): Promise<JobResult<N>>;
}
