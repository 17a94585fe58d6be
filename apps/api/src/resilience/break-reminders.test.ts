import { QUEUES } from '@breaker/api-contract';
import { insertBreak } from '@breaker/db';
import { startFakePushService, type FakePushService } from '@breaker/fakes/push';
import { testVapidKeys } from '@breaker/jobs/testing';
import { Queue } from 'bullmq';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, startTestApp, TestClient, type AppUnderTest } from '../app.test-support.js';
import { createQueueRunner } from '../jobs/queue-runner.js';
import {
  launchFromSource,
  recentOutput,
  sharedSecrets,
  startPrivateRedis,
  stopAllProcesses,
  waitFor,
  remindedAroundNow,
  type PrivateRedis,
} from './processes.test-support.js';

describe('a break reminder queued by a worker that is SIGKILLed before its time', () => {
  let redis: PrivateRedis;
  let service: FakePushService;
  let subject: AppUnderTest;
  const dataDir = mkdtempSync(join(tmpdir(), 'breaker-reminder-worker-'));
  const vapid = testVapidKeys();
  const env = {
    ...sharedSecrets(),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    ALLOW_PRIVATE_PUSH_ENDPOINTS: 'true',
  };

  beforeAll(async () => {
    redis = await startPrivateRedis();
    service = await startFakePushService();
    subject = await startTestApp('postgres', {
      env,
      jobs: () => createQueueRunner(redis.url),
    });
  }, 120_000);
  afterAll(async () => {
    await stopAllProcesses();
    await subject?.close();
    await service?.close();
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const startWorker = () =>
    launchFromSource('worker', {
      ...env,
      DATABASE_URL: subject.databaseUrl!,
      REDIS_URL: redis.url,
      APP_URL: ORIGIN,
      DATA_DIR: dataDir,
      WORKER_METRICS_PORT: '0',
      LOG_LEVEL: 'info',
    });

  it('is sent once, at its time, by the worker started after it', async () => {
    const client = new TestClient(subject.app);
    const { id: userId } = await client.registerAndSignIn('reminded');
    await client.request('PUT', '/api/user/preferences', { preferences: remindedAroundNow() });
    const device = service.subscribe();
    expect((await client.request('POST', '/api/push/subscriptions', device)).statusCode).toBe(201);
    const activity = await subject.db.selectFrom('break_activities').select('id').limit(1).executeTakeFirstOrThrow();
    const startsAt = new Date(Math.ceil((Date.now() + 80_000) / 1000) * 1000);
    const planted = await insertBreak(subject.db, userId, {
      activityId: activity.id,
      scheduledTime: startsAt,
      duration: 5,
      placementReason: 'test',
    });

    const queue = new Queue(QUEUES.breakReminder, { connection: { url: redis.url } });
    try {
      const first = await startWorker();
      // The worker's first maintenance sweep queues the reminder for its time.
      await waitFor('the reminder to wait in Redis', async () => (await queue.getDelayedCount()) === 1, {
        timeoutMs: 60_000,
      }).catch((error: unknown) => {
        throw new Error(`${(error as Error).message}\n${recentOutput()}`);
      });
      const [waiting] = await queue.getDelayed();
      expect(waiting!.data).toEqual({ breakId: planted.id, startsAt: startsAt.getTime(), remindAt: startsAt.getTime() });
      first.signal('SIGKILL');
      await first.exited;
      expect(Date.now()).toBeLessThan(startsAt.getTime());
      expect(service.deliveries()).toEqual([]);

      await startWorker();
      await waitFor('the reminder', () => service.deliveries(device.endpoint).length > 0, { timeoutMs: 150_000 }).catch(
        (error: unknown) => {
          throw new Error(`${(error as Error).message}\n${recentOutput()}`);
        },
      );
      // A few more sweeps' worth of time: nothing is sent twice.
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      const deliveries = service.deliveries(device.endpoint);
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]!.at.getTime()).toBeGreaterThanOrEqual(startsAt.getTime() - 1000);
      expect(deliveries[0]!.at.getTime()).toBeLessThan(startsAt.getTime() + 10_000);
      expect(deliveries[0]!.payload).toMatchObject({ kind: 'break-reminder', breakId: planted.id });
    } finally {
      await queue.close();
    }
  }, 300_000);
});
