import { afterAll, describe, expect, it } from 'vitest';
import { launchFromSource, stopAllProcesses } from './processes.test-support.js';

describe.concurrent('the API and the worker started with a bad setting', { timeout: 180_000 }, () => {
  afterAll(async () => {
    await stopAllProcesses();
  });

  it.each<{ app: 'api' | 'worker'; env: Record<string, string>; setting: string }>([
    { app: 'api', env: { PORT: 'eighty' }, setting: 'PORT' },
    { app: 'api', env: { NODE_ENV: 'production', ALLOW_DEV_LOGIN: 'true' }, setting: 'ALLOW_DEV_LOGIN' },
    { app: 'api', env: { TOKEN_ENCRYPTION_KEY: 'not-a-key-but-a-secret' }, setting: 'TOKEN_ENCRYPTION_KEY' },
    { app: 'worker', env: { WORKER_CONCURRENCY: '0' }, setting: 'WORKER_CONCURRENCY' },
    { app: 'worker', env: { REDIS_URL: 'redis://127.0.0.1:6379' }, setting: 'REDIS_URL' },
  ])('stops the $app with one line naming $setting and why, and no value', async ({ app, env, setting }) => {
    const started = await launchFromSource(app, env);
    const exit = await started.exited;
    expect(exit.code).not.toBe(0);
    const lines = started.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${setting}: \\S`));
    expect(started.output()).not.toContain('a-secret');
  });
});
