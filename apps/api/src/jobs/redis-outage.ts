import type { Redis } from 'ioredis';

interface OutageLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

interface ErrorSource {
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * While Redis is down every connection and queue fails again on each reconnect attempt, several times a second. One
 * warning per outage is enough: /api/ready and the 503s of refresh and sync tell the rest. Without a listener, ioredis and
 * BullMQ would print each failure to stderr, outside the JSON logs.
 */
export function watchRedisOutages(connection: Redis, sources: readonly ErrorSource[], log: OutageLog | undefined): void {
  let down = false;
  const report = (error: Error) => {
    if (down) return;
    down = true;
    log?.warn({ err: error }, 'Redis is unreachable: refresh and sync answer 503 until it is back');
  };
  for (const source of [connection, ...sources]) source.on('error', report);
  connection.on('ready', () => {
    if (!down) return;
    down = false;
    log?.info('Redis is reachable again');
  });
}
