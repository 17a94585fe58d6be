import { AppError, isAppError, QUEUES, SERVER_MESSAGES, type JobRequest } from '@breaker/api-contract';
import type { Db } from '@breaker/db';
import { prepareJob, runJob, SCHEDULED_JOBS, type HostDeps, type JobHost, type JobResult } from '@breaker/jobs';
import { deduplicatedRuns } from './deduplicated-runs.js';
import { jobSlots } from './job-slots.js';
import { SYNC_RUNNING, type JobRunner } from './job-runner.js';
import { timedRuns } from './timed-runs.js';

/**
 * Without Redis the API hosts the jobs itself: the same registry and job functions as the worker, with BullMQ's
 * deduplication kept in memory and the worker's job schedulers as timers. The embedded database serialises them. A
 * job the API awaits reads and writes through `deps.db`, as the request awaiting it does; one in the background
 * through `backgroundDb`, which the embedded database serves after the requests (packages/db/src/embedded-lanes.ts).
 */
export function createInProcessRunner(deps: HostDeps, options: { schedule?: boolean; backgroundDb?: Db } = {}): JobRunner {
  const deduplicated = deduplicatedRuns();
  const underWay = new Set<Promise<unknown>>();
  const timed = timedRuns();
  const slot = jobSlots();
  /** A job the API awaits runs at once; one in the background takes its turn among its kind, as on a worker. */
  const start = <N extends JobRequest['name']>(job: JobRequest & { name: N }, background = false): Promise<JobResult<N>> => {
    const { deduplication } = prepareJob(job);
    const execute = () => runJob(background ? backgroundHost : host, job.name as N, job.payload);
    const run = deduplicated(deduplication, () => (background ? slot(job.name, execute) : execute()));
    underWay.add(run);
    const forget = () => underWay.delete(run);
    run.then(forget, forget);
    return run;
  };
  const runInBackground = (job: JobRequest) =>
    void start(job, true).catch((error: unknown) =>
      deps.log.warn(
        { err: error, queue: job.name, userId: 'userId' in job.payload ? job.payload.userId : undefined },
        'job failed',
      ),
    );
  const host: JobHost = {
    deps,
    async queue(job) {
      const { deduplication, delayMs } = prepareJob(job);
      if (delayMs <= 0) return runInBackground(job);
      timed.later(deduplication.id, delayMs, () => runInBackground(job));
    },
  };
  const backgroundHost: JobHost = { ...host, deps: { ...deps, db: options.backgroundDb ?? deps.db } };
  const scheduled = options.schedule ? SCHEDULED_JOBS : [];
  const timers = scheduled.map(({ everyMs, job }) => setInterval(() => void host.queue(job), everyMs).unref());
  // Like a BullMQ job scheduler, each runs once at start: a reminder whose timer a restart lost is queued again now,
  // not a whole period later.
  for (const { job } of scheduled) void host.queue(job);

  return {
    mode: 'in-process',
    placeBreaks: (payload) => start({ name: QUEUES.placeBreaks, payload }),
    writeBreaksBack: (userId) => host.queue({ name: QUEUES.writeBack, payload: { userId } }),
    async syncCalendar(payload, waitMs) {
      const sync = start({ name: QUEUES.calendarSync, payload }).catch((error: unknown) => {
        throw isAppError(error) ? error : new AppError('UNAVAILABLE', SERVER_MESSAGES.calendarSyncFailed, { cause: error });
      });
      sync.catch((error: unknown) => deps.log.warn({ err: error, userId: payload.userId }, 'calendar sync failed'));
      let timer: NodeJS.Timeout | undefined;
      const slow = new Promise<typeof SYNC_RUNNING>((resolve) => {
        timer = setTimeout(() => resolve(SYNC_RUNNING), waitMs);
      });
      try {
        return await Promise.race([sync, slow]);
      } finally {
        clearTimeout(timer);
      }
    },
    sendPasswordReset: (payload) => host.queue({ name: QUEUES.passwordResetMail, payload }),
    async ping() {},
    async close() {
      for (const timer of timers) clearInterval(timer);
      timed.cancelAll();
      await Promise.allSettled(underWay);
      deps.mailer.close();
    },
  };
}
