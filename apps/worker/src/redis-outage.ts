import type { Redis } from 'ioredis';

interface OutageLog {
  warn(details: object, message: string): void;
  info(message: string): void;
  error(details: object, message: string): void;
}

/** A worker or queue: BullMQ re-emits each failure of its Redis connections as its own error. */
interface QueueSide {
  readonly name: string;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** What ioredis says when it cannot reach Redis: a refused, reset or timed-out socket, or a closed connection. */
const UNREACHABLE = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|Connection is closed/;

/**
 * While Redis is down every worker and queue fails again on each reconnect attempt, several times a second. One warning
 * when the outage starts and one line when Redis is back say it all (the API does the same, apps/api/src/jobs/
 * redis-outage.ts); any other error of a worker or queue is still logged as an error.
 */
export function watchRedisOutages(connection: Redis, queues: readonly QueueSide[], log: OutageLog): void {
  let down = false;
  const outage = (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'Redis is unreachable: jobs wait until it is back');
  };
  connection.on('error', outage);
  for (const queue of queues) {
    queue.on('error', (error) => {
      const { code } = error as { code?: unknown };
      if (UNREACHABLE.test(`${String(code)} ${error.message}`)) outage(error);
      else log.error({ queue: queue.name, err: error }, 'worker error');
    });
  }
  connection.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis is reachable again');
  });
}
