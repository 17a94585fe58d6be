import {
  breakReminderJobId,
  deduplicationId,
  DEFAULT_JOB_OPTIONS,
  JOB_PAYLOADS,
  MAIL_JOB_OPTIONS,
  MAINTENANCE_SWEEP_MS,
  QUEUES,
  REMINDER_JOB_OPTIONS,
  type JobPayload,
  type JobRequest,
  type QueueName,
} from '@breaker/api-contract';
import { prepareReminderPushes, runBreakReminder } from './break-reminder.js';
import { runCalendarSync } from './calendar-sync.js';
import type { HostDeps, JobContext, JobHost, JobResult } from './job-context.js';
import { runMaintenanceSweep } from './maintenance-sweep.js';
import { timedJob } from './metrics/job-metrics.js';
import { runPasswordResetMail } from './password-reset-mail.js';
import { runPlaceBreaks } from './place-breaks.js';
import { runBreakWriteBack } from './write-back.js';

/** Which requests of a job are one: a later one joins it (with keepLastIfActive, one more runs after a running one). */
export interface JobDeduplication {
  id: string;
  keepLastIfActive?: true;
}

/** One job: how producers queue it, how many a worker runs at once, what it does, and what follows it. */
export interface JobDefinition<N extends QueueName> {
  readonly name: N;
  /** BullMQ options for every producer, so a job means the same wherever it is added. */
  readonly options: typeof DEFAULT_JOB_OPTIONS | typeof MAIL_JOB_OPTIONS | typeof REMINDER_JOB_OPTIONS;
  /** Jobs of this kind one worker process runs at once; `configured` is WORKER_CONCURRENCY. */
  readonly concurrency: number | 'configured';
  deduplication(payload: JobPayload<N>): JobDeduplication;
  /** When the job is to run (epoch ms); as soon as it can when absent. */
  runAt?(payload: JobPayload<N>): number;
  run(deps: HostDeps, payload: JobPayload<N>, context: JobContext): Promise<JobResult<N>>;
  /** Jobs queued once this one has succeeded. */
  then?(payload: JobPayload<N>, result: JobResult<N>): JobRequest[];
}

/** Requests for one user are one job; with keepLastIfActive, one more runs after a running one. */
function perUser(queue: QueueName, keepLastIfActive?: true): (payload: { userId: string }) => JobDeduplication {
  return ({ userId }) => ({ id: deduplicationId(queue, userId), ...(keepLastIfActive ? { keepLastIfActive } : {}) });
}

type AnyJobDefinition = { [N in QueueName]: JobDefinition<N> }[QueueName];
export type JobRegistry = { readonly [N in QueueName]: JobDefinition<N> };

const placeBreaks: JobDefinition<'place-breaks'> = {
  name: QUEUES.placeBreaks,
  options: DEFAULT_JOB_OPTIONS,
  concurrency: 'configured',
  // A burst of refreshes, syncs and re-plans of one user queues one run: a request joins the run still waiting; one
  // made while a run is under way queues a single run after it, so nothing committed meanwhile is left unplanned and
  // two runs of one user never go at once.
  deduplication: perUser(QUEUES.placeBreaks, true),
  run: (deps, payload) => runPlaceBreaks(deps, payload),
  // The one place that says a new plan goes to the user's calendar.
  then: ({ userId }) => [{ name: QUEUES.writeBack, payload: { userId } }],
};

const calendarSync: JobDefinition<'calendar-sync'> = {
  name: QUEUES.calendarSync,
  options: DEFAULT_JOB_OPTIONS,
  concurrency: 2,
  deduplication: perUser(QUEUES.calendarSync),
  run: runCalendarSync,
};

const writeBack: JobDefinition<'calendar-write-back'> = {
  name: QUEUES.writeBack,
  options: DEFAULT_JOB_OPTIONS,
  concurrency: 2,
  // A change made while a write-back runs is written by the one queued behind it.
  deduplication: perUser(QUEUES.writeBack, true),
  run: runBreakWriteBack,
};

const maintenance: JobDefinition<'maintenance'> = {
  name: QUEUES.maintenance,
  options: DEFAULT_JOB_OPTIONS,
  concurrency: 1,
  deduplication: () => ({ id: QUEUES.maintenance }),
  run: (deps, _payload, context) =>
    runMaintenanceSweep(deps, {
      syncCalendar: (userId) => context.queue({ name: QUEUES.calendarSync, payload: { userId, trigger: 'cadence' } }),
      placeBreaks: (userId) => context.queue({ name: QUEUES.placeBreaks, payload: { userId, trigger: 'cadence' } }),
      remindBreak: (reminder) => context.queue({ name: QUEUES.breakReminder, payload: reminder }),
      prepareReminders: (breaks) => prepareReminderPushes(deps, breaks),
    }),
};

const breakReminder: JobDefinition<'break-reminder'> = {
  name: QUEUES.breakReminder,
  options: REMINDER_JOB_OPTIONS,
  // Each mostly waits on push services, and those running together are read and claimed in one batch (batched.ts):
  // many at once, so thousands due in the same second go out within seconds.
  concurrency: 200,
  deduplication: (payload) => ({ id: breakReminderJobId(payload) }),
  runAt: (payload) => payload.remindAt,
  run: runBreakReminder,
};

const passwordResetMail: JobDefinition<'password-reset-mail'> = {
  name: QUEUES.passwordResetMail,
  options: MAIL_JOB_OPTIONS,
  concurrency: 2,
  // Asked again while one waits: that one mail goes, with a link made when it is sent.
  deduplication: perUser(QUEUES.passwordResetMail, true),
  run: runPasswordResetMail,
};

/** One definition per queue: start-up fails on a queue with none or with two. */
export function jobRegistry(definitions: readonly AnyJobDefinition[]): JobRegistry {
  const byName = new Map<QueueName, AnyJobDefinition>();
  for (const definition of definitions) {
    if (byName.has(definition.name)) throw new Error(`The job ${definition.name} has two handlers`);
    byName.set(definition.name, definition);
  }
  const missing = Object.values(QUEUES).filter((name) => !byName.has(name));
  if (missing.length > 0) throw new Error(`No handler for the job ${missing.join(', ')}`);
  return Object.fromEntries(byName) as JobRegistry;
}

export const JOBS = jobRegistry([placeBreaks, calendarSync, writeBack, maintenance, passwordResetMail, breakReminder]);

/** Jobs that run on their own this often: a BullMQ job scheduler in the worker, a timer in-process. */
export const SCHEDULED_JOBS: readonly { id: string; everyMs: number; job: JobRequest }[] = [
  { id: 'maintenance-sweep', everyMs: MAINTENANCE_SWEEP_MS, job: { name: QUEUES.maintenance, payload: {} } },
];

/**
 * One job's definition, for a caller holding a request of any job. TypeScript cannot follow the link between a
 * request's name and its payload through an index, so this is the one place that says they match (JobRequest does).
 */
function definitionOf<N extends QueueName>(name: N): JobDefinition<N> {
  return JOBS[name] as unknown as JobDefinition<N>;
}

export interface PreparedJob {
  name: QueueName;
  payload: unknown;
  deduplication: JobDeduplication;
  /** How long the job waits before it runs (BullMQ's `delay`); 0 to run as soon as it can. */
  delayMs: number;
}

/** A request as a queue takes it: the payload parsed with the job's own schema, its deduplication and its delay. */
export function prepareJob(job: JobRequest, now = Date.now()): PreparedJob {
  const payload = JOB_PAYLOADS[job.name].parse(job.payload) as JobPayload<typeof job.name>;
  const definition = definitionOf<QueueName>(job.name);
  const runAt = definition.runAt?.(payload as never);
  return {
    name: job.name,
    payload,
    deduplication: definition.deduplication(payload as never),
    delayMs: runAt === undefined ? 0 : Math.max(0, runAt - now),
  };
}

/**
 * Runs one job in this process: its payload parsed, the run timed and counted, then its follow-ups handed to the
 * host. The worker and the API's in-process mode both run every job through here.
 */
export async function runJob<N extends QueueName>(host: JobHost, name: N, payload: unknown): Promise<JobResult<N>> {
  const definition = definitionOf(name);
  const parsed = JOB_PAYLOADS[name].parse(payload) as JobPayload<N>;
  const context: JobContext = { queue: (job) => host.queue(job), run: (next, nextPayload) => runJob(host, next, nextPayload) };
  const result = await timedJob(name, definition.run)(host.deps, parsed, context);
  for (const next of definition.then?.(parsed, result) ?? []) await host.queue(next);
  return result;
}
