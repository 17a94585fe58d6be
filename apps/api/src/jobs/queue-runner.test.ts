import { placeBreaksPayload, QUEUES } from '@breaker/api-contract';
import { runPlaceBreaks } from '@breaker/worker/jobs';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TestClient, type AppUnderTest } from '../app.test-support.js';
import { createQueueRunner } from './queue-runner.js';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

describe('refresh through BullMQ on Redis, with a worker on PostgreSQL', () => {
  const prefix = `breaker-test-${randomBytes(4).toString('hex')}`;
  let subject: AppUnderTest;
  let worker: Worker | undefined;
  let workerConnection: Redis | undefined;

  beforeAll(async () => {
    subject = await startTestApp('postgres', {
      jobs: async (database) => {
        workerConnection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
        worker = new Worker(
          QUEUES.placeBreaks,
          (job) =>
            runPlaceBreaks(
              { db: database.db, log: pino({ level: 'silent' }), now: () => new Date() },
              placeBreaksPayload.parse(job.data),
            ),
          { connection: workerConnection, prefix },
        );
        return createQueueRunner(REDIS_URL, prefix);
      },
    });
  });
  afterAll(async () => {
    await worker?.close();
    await workerConnection?.quit();
    await subject?.close();
    const cleaner = new Redis(REDIS_URL);
    const keys = await cleaner.keys(`${prefix}:*`);
    if (keys.length > 0) await cleaner.del(...keys);
    await cleaner.quit();
  });

  it('reports the queue as ready and answers the refresh with the job result', async () => {
    const client = new TestClient(subject.app);
    expect((await client.request('GET', '/api/ready')).json()).toMatchObject({
      status: 'ready',
      database: 'postgres',
      jobs: 'queue',
    });
    const user = await client.registerAndSignIn('queued');
    await client.request('PUT', '/api/user/preferences', { preferences: { workDays: [1, 2, 3, 4, 5, 6, 7], timezone: 'UTC' } });
    const refreshed = await client.request('POST', `/api/refresh-breakers/${user.id}`);
    expect(refreshed.statusCode).toBe(200);
    const { totalScheduled } = refreshed.json<{ totalScheduled: number }>();
    expect(totalScheduled).toBeGreaterThanOrEqual(3 * 5);
    expect((await client.request('GET', '/api/upcoming-breaks')).json<unknown[]>()).toHaveLength(totalScheduled);
  });

  it('makes one consistent plan out of concurrent refreshes', async () => {
    const client = new TestClient(subject.app);
    const user = await client.registerAndSignIn('eager');
    await client.request('PUT', '/api/user/preferences', { preferences: { workDays: [1, 2, 3, 4, 5, 6, 7], timezone: 'UTC' } });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => client.request('POST', `/api/refresh-breakers/${user.id}`)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const counts = results.map((r) => r.json<{ totalScheduled: number }>().totalScheduled);
    expect(new Set(counts).size).toBe(1);
    const stored = (await client.request('GET', '/api/upcoming-breaks')).json<{ scheduledTime: string }[]>();
    expect(stored).toHaveLength(counts[0]!);
    expect(new Set(stored.map((b) => b.scheduledTime)).size).toBe(stored.length);
  });
});
