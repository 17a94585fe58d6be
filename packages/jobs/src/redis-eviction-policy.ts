import { Redis, type RedisOptions } from 'ioredis';

/**
 * BullMQ keeps jobs in ordinary Redis keys: a Redis allowed to evict keys when its memory fills drops queued jobs
 * without a word. Only `noeviction` is safe (BullMQ's own requirement).
 */
export async function evictionPolicyProblem(redis: Redis): Promise<string | undefined> {
  // INFO, unlike CONFIG GET, is also answered by managed Redis services that disable CONFIG.
  const policy = /^maxmemory_policy:(\S+)/m.exec(await redis.info('memory'))?.[1];
  if (policy === undefined || policy === 'noeviction') return undefined;
  return (
    `Redis maxmemory-policy is ${policy}, which can evict queued jobs: set maxmemory-policy to noeviction ` +
    '(maxmemory-policy noeviction in redis.conf, or redis-cli CONFIG SET maxmemory-policy noeviction), then start again'
  );
}

interface FatalLog {
  fatal(message: string): void;
}

/** At start-up: a process whose Redis may evict jobs says so in one line and exits with status 1. */
export async function refuseEvictingRedis(redisUrl: string, log: FatalLog, options: RedisOptions = {}): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, ...options });
  let problem: string | undefined;
  try {
    problem = await evictionPolicyProblem(redis);
  } finally {
    redis.disconnect();
  }
  if (problem === undefined) return;
  log.fatal(problem);
  process.exit(1);
}
