import { Redis } from 'ioredis';

/** BullMQ workers block on Redis, so they must not give up on a command while Redis restarts. */
export function createWorkerConnection(redisUrl: string): Redis {
  return new Redis(redisUrl, { maxRetriesPerRequest: null });
}
