import {
  AppError,
  calendarSyncResult,
  QUEUES,
  refreshBreaksResult,
  SERVER_MESSAGES,
  type JobRequest,
  type QueueName,
} from '@breaker/api-contract';
import { JOBS, prepareJob, watchRedisOutages } from '@breaker/jobs';
import { Queue, QueueEvents, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { REDIS_OUTAGE_CONSEQUENCE, SYNC_RUNNING, type JobRunner } from './job-runner.js';

/** A refresh waits for its placement job this long before telling the user to try again. */
const PLACEMENT_WAIT_MS = 15_000;
/** How long closing waits for Redis to take the last commands before it drops the connections. */
const CLOSE_GRACE_MS = 2_000;

type OutageLog = Parameters<typeof watchRedisOutages>[2];

/** Jobs go through BullMQ to the worker process; the API waits for a job's result to answer the request. */
export async function createQueueRunner(redisUrl: string, prefix?: string, log?: OutageLog): Promise<JobRunner> {
  // Requests must fail fast while Redis is down rather than queue up behind a reconnect.
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  await connection.connect();
  const eventsConnection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queues = new Map(
    Object.values(JOBS).map(
      (job) =>
        [job.name, new Queue(job.name, { connection, ...(prefix ? { prefix } : {}), defaultJobOptions: job.options })] as const,
    ),
  );
  // The API waits for the results of these two only: a refresh's plan and a sync's outcome.
  const awaited = [QUEUES.placeBreaks, QUEUES.calendarSync] as const;
  const eventsClients = awaited.map(() => eventsConnection.duplicate());
  const events = new Map<QueueName, QueueEvents>(
    awaited.map((name, i) => [name, new QueueEvents(name, { connection: eventsClients[i]!, ...(prefix ? { prefix } : {}) })]),
  );
  await Promise.all([...events.values()].map((listener) => listener.waitUntilReady()));
  watchRedisOutages(
    connection,
    [eventsConnection, ...eventsClients, ...queues.values(), ...events.values()],
    log,
    REDIS_OUTAGE_CONSEQUENCE,
  );

  const add = async (request: JobRequest): Promise<Job> => {
    const { name, payload, deduplication, delayMs } = prepareJob(request);
    const queue = queues.get(name);
    if (!queue) throw new Error(`No queue for the job ${name}`);
    return queue.add(name, payload, { deduplication, ...(delayMs > 0 ? { delay: delayMs } : {}) }).catch((error: unknown) => {
      throw new AppError('UNAVAILABLE', SERVER_MESSAGES.unavailable, { cause: error });
    });
  };
  const finished = (job: Job, name: QueueName, waitMs: number): Promise<unknown> => {
    const listener = events.get(name);
    if (!listener) throw new Error(`The API does not wait for the job ${name}`);
    return job.waitUntilFinished(listener, waitMs);
  };

  return {
    mode: 'queue',
    async placeBreaks(payload) {
      // A request that joins a run under way answers with that run's result; the run queued behind it follows.
      const job = await add({ name: QUEUES.placeBreaks, payload });
      let result: unknown;
      try {
        result = await finished(job, QUEUES.placeBreaks, PLACEMENT_WAIT_MS);
      } catch (error) {
        throw new AppError('UNAVAILABLE', 'Your breaks are still being planned; refresh again in a moment', { cause: error });
      }
      return refreshBreaksResult.parse(result);
    },
    async writeBreaksBack(userId) {
      await add({ name: QUEUES.writeBack, payload: { userId } });
    },
    async syncCalendar(payload, waitMs) {
      // One sync per user in flight: a second request joins the one already queued or running.
      const job = await add({ name: QUEUES.calendarSync, payload });
      if (waitMs <= 0) return SYNC_RUNNING;
      let result: unknown;
      try {
        result = await finished(job, QUEUES.calendarSync, waitMs);
      } catch (error) {
        if (error instanceof Error && /timed out/.test(error.message)) return SYNC_RUNNING;
        throw new AppError('UNAVAILABLE', SERVER_MESSAGES.calendarSyncFailed, { cause: error });
      }
      return calendarSyncResult.parse(result);
    },
    async sendPasswordReset(payload) {
      await add({ name: QUEUES.passwordResetMail, payload });
    },
    async ping() {
      await connection.ping();
    },
    async close() {
      const graceful = (async () => {
        for (const listener of events.values()) await listener.close();
        for (const queue of queues.values()) await queue.close();
        await eventsConnection.quit();
        await connection.quit();
      })().then(
        () => true,
        () => false,
      );
      // While Redis is down a graceful close waits for a reconnect that may never come, and the API would not stop.
      let timer: NodeJS.Timeout | undefined;
      const closed = await Promise.race([
        graceful,
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), CLOSE_GRACE_MS);
        }),
      ]);
      clearTimeout(timer);
      if (!closed) for (const client of [connection, eventsConnection, ...eventsClients]) client.disconnect();
    },
  };
}
