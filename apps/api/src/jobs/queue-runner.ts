import {
  AppError,
  calendarSyncPayload,
  deduplicationId,
  DEFAULT_JOB_OPTIONS,
  MAIL_JOB_OPTIONS,
  passwordResetMailPayload,
  placeBreaksPayload,
  placementDeduplication,
  QUEUES,
  SERVER_MESSAGES,
  type CalendarSyncPayload,
  type CalendarSyncResult,
  type PasswordResetMailPayload,
  type PlaceBreaksPayload,
  type QueueName,
  type RefreshBreaksResult,
  writeBackPayload,
} from '@breaker/api-contract';
import { Queue, QueueEvents, type DeduplicationOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { SYNC_RUNNING, type JobRunner } from './job-runner.js';
import { watchRedisOutages } from './redis-outage.js';

/** A refresh waits for its placement job this long before telling the user to try again. */
const PLACEMENT_WAIT_MS = 15_000;
/** How long closing waits for Redis to take the last commands before it drops the connections. */
const CLOSE_GRACE_MS = 2_000;

interface QueueWithEvents {
  queue: Queue;
  events: QueueEvents;
}

/** Jobs go through BullMQ to the worker process; the API waits for a job's result to answer the request. */
export async function createQueueRunner(
  redisUrl: string,
  prefix?: string,
  log?: Parameters<typeof watchRedisOutages>[2],
): Promise<JobRunner> {
  // Requests must fail fast while Redis is down rather than queue up behind a reconnect.
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  await connection.connect();
  const eventsConnection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const eventsClients: Redis[] = [];
  const open = async (name: QueueName): Promise<QueueWithEvents> => {
    const queue = new Queue(name, {
      connection,
      ...(prefix ? { prefix } : {}),
      defaultJobOptions: DEFAULT_JOB_OPTIONS,
    });
    const eventsClient = eventsConnection.duplicate();
    eventsClients.push(eventsClient);
    const events = new QueueEvents(name, { connection: eventsClient, ...(prefix ? { prefix } : {}) });
    await events.waitUntilReady();
    return { queue, events };
  };
  const placement = await open(QUEUES.placeBreaks);
  const sync = await open(QUEUES.calendarSync);
  const writeBack = new Queue(QUEUES.writeBack, {
    connection,
    ...(prefix ? { prefix } : {}),
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
  });
  const resetMail = new Queue(QUEUES.passwordResetMail, {
    connection,
    ...(prefix ? { prefix } : {}),
    defaultJobOptions: MAIL_JOB_OPTIONS,
  });
  watchRedisOutages(
    connection,
    [eventsConnection, ...eventsClients, placement.queue, placement.events, sync.queue, sync.events, writeBack, resetMail],
    log,
  );

  const enqueue = (target: QueueWithEvents, name: QueueName, data: unknown, deduplication: DeduplicationOptions) =>
    target.queue.add(name, data, { deduplication }).catch((error: unknown) => {
      throw new AppError('UNAVAILABLE', SERVER_MESSAGES.unavailable, { cause: error });
    });

  return {
    mode: 'queue',
    async placeBreaks(payload: PlaceBreaksPayload): Promise<RefreshBreaksResult> {
      // A request that joins a run under way answers with that run's result; the run queued behind it follows.
      const job = await enqueue(
        placement,
        QUEUES.placeBreaks,
        placeBreaksPayload.parse(payload),
        placementDeduplication(payload.userId),
      );
      try {
        return (await job.waitUntilFinished(placement.events, PLACEMENT_WAIT_MS)) as RefreshBreaksResult;
      } catch (error) {
        throw new AppError('UNAVAILABLE', 'Your breaks are still being planned; refresh again in a moment', { cause: error });
      }
    },
    async writeBreaksBack(userId: string) {
      const payload = writeBackPayload.parse({ userId });
      await writeBack
        .add(QUEUES.writeBack, payload, { deduplication: { id: deduplicationId(QUEUES.writeBack, userId) } })
        .catch((error: unknown) => {
          throw new AppError('UNAVAILABLE', SERVER_MESSAGES.unavailable, { cause: error });
        });
    },
    async syncCalendar(payload: CalendarSyncPayload, waitMs: number): Promise<CalendarSyncResult> {
      // One sync per user in flight: a second request joins the one already queued or running.
      const job = await enqueue(sync, QUEUES.calendarSync, calendarSyncPayload.parse(payload), {
        id: deduplicationId(QUEUES.calendarSync, payload.userId),
      });
      if (waitMs <= 0) return SYNC_RUNNING;
      try {
        return (await job.waitUntilFinished(sync.events, waitMs)) as CalendarSyncResult;
      } catch (error) {
        if (error instanceof Error && /timed out/.test(error.message)) return SYNC_RUNNING;
        throw new AppError('UNAVAILABLE', SERVER_MESSAGES.calendarSyncFailed, { cause: error });
      }
    },
    async sendPasswordReset(payload: PasswordResetMailPayload) {
      // Asked again while one waits: that one mail goes, with a link made when it is sent.
      await resetMail
        .add(QUEUES.passwordResetMail, passwordResetMailPayload.parse(payload), {
          deduplication: { id: deduplicationId(QUEUES.passwordResetMail, payload.userId), keepLastIfActive: true },
        })
        .catch((error: unknown) => {
          throw new AppError('UNAVAILABLE', SERVER_MESSAGES.unavailable, { cause: error });
        });
    },
    async ping() {
      await connection.ping();
    },
    async close() {
      const graceful = (async () => {
        for (const { queue, events } of [placement, sync]) {
          await events.close();
          await queue.close();
        }
        await writeBack.close();
        await resetMail.close();
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
