import { QUEUES } from '@breaker/api-contract';
import { runJob } from '@breaker/jobs';
import { databaseOnlyHost } from '@breaker/jobs/testing';
import { Worker, type Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { startTestApp, type AppUnderTest } from '../app.test-support.js';
import { createQueueRunner } from './queue-runner.js';

export const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** A key prefix of one test file's own, so its queues never meet another file's on the shared Redis. */
export function testQueuePrefix(): string {
  return `breaker-test-${randomBytes(4).toString('hex')}`;
}

/**
 * The API on PostgreSQL with its jobs going through BullMQ queues under `prefix`, and a placement worker beside it:
 * the queue mode of a deployment, in one process. `close` stops both and deletes the prefix's keys.
 */
export async function startQueuedTestApp(
  prefix: string,
  options: { env?: Record<string, string>; queues?: readonly Queue[] } = {},
): Promise<AppUnderTest> {
  let worker: Worker | undefined;
  let workerConnection: Redis | undefined;
  const subject = await startTestApp('postgres', {
    ...options,
    jobs: async (database) => {
      workerConnection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
      worker = new Worker(
        QUEUES.placeBreaks,
        (job) =>
          runJob(
            // This stack has no write-back worker: the write-back placement hands on is dropped.
            databaseOnlyHost({ db: database.db, log: pino({ level: 'silent' }), now: () => new Date() }),
            QUEUES.placeBreaks,
            job.data,
          ),
        { connection: workerConnection, prefix },
      );
      return createQueueRunner(TEST_REDIS_URL, prefix);
    },
  });
  return {
    ...subject,
    close: async () => {
      await worker?.close();
      await workerConnection?.quit();
      await subject.close();
      const cleaner = new Redis(TEST_REDIS_URL);
      const keys = await cleaner.keys(`${prefix}:*`);
      if (keys.length > 0) await cleaner.del(...keys);
      await cleaner.quit();
    },
  };
}
