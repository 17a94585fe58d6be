import {
  AppError,
  placeBreaksPayload,
  QUEUES,
  SERVER_MESSAGES,
  type PlaceBreaksPayload,
  type RefreshBreaksResult,
} from '@breaker/api-contract';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobRunner } from './job-runner.js';

/** A refresh waits for its placement job this long before telling the user to try again. */
const PLACEMENT_WAIT_MS = 15_000;

/** Jobs go through BullMQ to the worker process; the API waits for the placement result to answer the refresh. */
export async function createQueueRunner(redisUrl: string, prefix?: string): Promise<JobRunner> {
  // Requests must fail fast while Redis is down rather than queue up behind a reconnect.
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  await connection.connect();
  const placeBreaksQueue = new Queue(QUEUES.placeBreaks, {
    connection,
    ...(prefix ? { prefix } : {}),
    defaultJobOptions: {
      attempts: 3,
      backoff: { type: 'exponential', delay: 500 },
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 24 * 3600 },
    },
  });
  const eventsConnection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const placeBreaksEvents = new QueueEvents(QUEUES.placeBreaks, { connection: eventsConnection, ...(prefix ? { prefix } : {}) });
  await placeBreaksEvents.waitUntilReady();

  return {
    mode: 'queue',
    async placeBreaks(payload: PlaceBreaksPayload): Promise<RefreshBreaksResult> {
      const job = await placeBreaksQueue.add(QUEUES.placeBreaks, placeBreaksPayload.parse(payload)).catch((error: unknown) => {
        throw new AppError('UNAVAILABLE', SERVER_MESSAGES.unavailable, { cause: error });
      });
      try {
        return (await job.waitUntilFinished(placeBreaksEvents, PLACEMENT_WAIT_MS)) as RefreshBreaksResult;
      } catch (error) {
        throw new AppError('UNAVAILABLE', 'Your breaks are still being planned; refresh again in a moment', { cause: error });
      }
    },
    async ping() {
      await connection.ping();
    },
    async close() {
      await placeBreaksEvents.close();
      await eventsConnection.quit().catch(() => undefined);
      await placeBreaksQueue.close();
      await connection.quit().catch(() => undefined);
    },
  };
}
