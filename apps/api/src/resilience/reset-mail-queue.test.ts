import { passwordResetMailPayload, QUEUES } from '@breaker/api-contract';
import { Queue } from 'bullmq';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, startTestApp, TestClient, type AppUnderTest } from '../app.test-support.js';
import { createQueueRunner } from '../jobs/queue-runner.js';
import { startSmtpInbox } from '../mail/smtp-inbox.test-support.js';
import {
  launchFromSource,
  recentOutput,
  startPrivateRedis,
  stopAllProcesses,
  waitFor,
  type PrivateRedis,
} from './processes.test-support.js';

describe('a password reset requested while no worker runs', () => {
  let redis: PrivateRedis;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let subject: AppUnderTest;
  const dataDir = mkdtempSync(join(tmpdir(), 'breaker-reset-worker-'));

  beforeAll(async () => {
    redis = await startPrivateRedis();
    inbox = await startSmtpInbox();
    // The API sends no mail itself once Redis is configured: the queue holds the request for the worker.
    subject = await startTestApp('postgres', {
      env: { SMTP_URL: inbox.url },
      jobs: () => createQueueRunner(redis.url),
    });
  }, 120_000);
  afterAll(async () => {
    await stopAllProcesses();
    await subject?.close();
    await inbox?.close();
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('waits in the queue without its token, and is delivered, with a working link, once the worker comes up', async () => {
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('ada', 'old password');
    const asked = await new TestClient(subject.app).request('POST', '/api/auth/forgot-password', { email: 'ada@example.com' });
    expect(asked.statusCode).toBe(200);

    const queue = new Queue(QUEUES.passwordResetMail, { connection: { url: redis.url } });
    try {
      await waitFor('the reset e-mail job to wait in Redis', async () => (await queue.getWaitingCount()) === 1);
      const [job] = await queue.getWaiting();
      // Who asked and when: no token (none exists yet) and nothing else.
      expect(Object.keys(job!.data as object).sort()).toEqual(['requestedAt', 'userId']);
      expect(passwordResetMailPayload.parse(job!.data).userId).toBeTypeOf('string');
    } finally {
      await queue.close();
    }
    const links = await subject.db.selectFrom('password_reset_tokens').selectAll().execute();
    expect(links).toEqual([]);
    expect(inbox.messages).toEqual([]);

    const worker = await launchFromSource('worker', {
      DATABASE_URL: subject.databaseUrl!,
      REDIS_URL: redis.url,
      SMTP_URL: inbox.url,
      APP_URL: ORIGIN,
      DATA_DIR: dataDir,
      WORKER_METRICS_PORT: '0',
      LOG_LEVEL: 'info',
    });
    await waitFor('the reset e-mail', () => inbox.messages.length > 0, { timeoutMs: 120_000 }).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}\n${recentOutput()}`);
    });
    expect(worker.isRunning()).toBe(true);
    const [mail] = inbox.messages;
    expect(mail!.to).toEqual(['ada@example.com']);
    const token = /\/reset-password\?token=([a-z2-7]+)/.exec(mail!.text)?.[1];
    expect(token).toBeDefined();

    const reset = await client.request('POST', '/api/auth/reset-password', { token, newPassword: 'new password' });
    expect(reset.statusCode).toBe(200);
    const login = await new TestClient(subject.app).request('POST', '/api/auth/login', {
      username: 'ada',
      password: 'new password',
    });
    expect(login.statusCode).toBe(200);
  }, 180_000);
});
