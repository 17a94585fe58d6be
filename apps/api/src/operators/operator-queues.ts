import { DEFAULT_JOB_OPTIONS, QUEUES } from '@breaker/api-contract';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';

export interface OperatorQueues {
  queues: Queue[];
  close(): Promise<void>;
}

/** Every queue, opened on a connection of its own so the dashboard never competes with the request path. */
export function openOperatorQueues(redisUrl: string, prefix?: string): OperatorQueues {
  // Fail a dashboard or scrape request at once while Redis is down instead of waiting for a reconnect.
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  connection.on('error', () => undefined);
  const queues = Object.values(QUEUES).map(
    (name) => new Queue(name, { connection, defaultJobOptions: DEFAULT_JOB_OPTIONS, ...(prefix ? { prefix } : {}) }),
  );
  return {
    queues,
    async close() {
      await Promise.all(queues.map((queue) => queue.close()));
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
