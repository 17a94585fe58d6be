import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evictionPolicyProblem } from '@breaker/jobs';
import {
  launchFromSource,
  recentOutput,
  startPrivateRedis,
  stopAllProcesses,
  type PrivateRedis,
} from './processes.test-support.js';
const REFUSAL = /Redis maxmemory-policy is allkeys-lru, which can evict queued jobs: set maxmemory-policy to noeviction/;

describe('a Redis that may evict keys', () => {
  let redis: PrivateRedis;
  beforeAll(async () => {
    redis = await startPrivateRedis(['--maxmemory-policy', 'allkeys-lru']);
  });
  afterAll(async () => {
    await stopAllProcesses();
    await redis?.stop();
  });

  it('is named with its policy and the fix, and noeviction is accepted', async () => {
    const client = new Redis(redis.url);
    try {
      expect(await evictionPolicyProblem(client)).toMatch(REFUSAL);
      await client.config('SET', 'maxmemory-policy', 'noeviction');
      expect(await evictionPolicyProblem(client)).toBeUndefined();
    } finally {
      await client.config('SET', 'maxmemory-policy', 'allkeys-lru');
      client.disconnect();
    }
  });

  it.each(['api', 'worker'] as const)(
    'stops the %s at start-up with one line saying so, and status 1',
    async (name) => {
      const started = await launchFromSource(name, {
        REDIS_URL: redis.url,
        // Never reached: the check comes first.
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
        PORT: '0',
        WORKER_METRICS_PORT: '0',
        LOG_LEVEL: 'info',
      });
      let timer: NodeJS.Timeout | undefined;
      const exit = await Promise.race([
        started.exited,
        new Promise<'still running'>((resolve) => {
          timer = setTimeout(() => resolve('still running'), 60_000);
        }),
      ]);
      clearTimeout(timer);
      expect(exit, recentOutput()).toEqual({ code: 1, signal: null });
      const lines = started
        .output()
        .split('\n')
        .filter((line) => REFUSAL.test(line));
      expect(lines, started.output()).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 60 });
    },
    90_000,
  );
});
