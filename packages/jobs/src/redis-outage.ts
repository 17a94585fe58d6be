import type { Redis } from 'ioredis';

interface OutageLog {
  warn(details: object, message: string): void;
  info(message: string): void;
  error(details: object, message: string): void;
}

/** A connection, queue, worker or queue-events listener: BullMQ re-emits each failure of its Redis connections. */
interface ErrorSource {
  readonly name?: string;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** What ioredis says when it cannot reach Redis: a refused, reset or timed-out socket, or a closed connection. */
const UNREACHABLE = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|Connection is closed/;

/**
 * While Redis is down every connection and queue fails again on each reconnect attempt, several times a second. One
 * warning when the outage starts, saying what that means for this process (`consequence`), and one line when Redis is
 * back say it all; any other error is still logged as an error. Without a listener, ioredis and BullMQ would print each
 * failure to stderr, outside the JSON logs.
 */
export function watchRedisOutages(
  connection: Redis,
  sources: readonly ErrorSource[],
  log: OutageLog | undefined,
  consequence: string,
): void {
  let down = false;
  const outage = (error: Error) => {
    if (down) return;
    down = true;
    log?.warn({ err: error }, `Redis is unreachable: ${consequence}`);
  };
  connection.on('error', outage);
  for (const source of sources) {
    source.on('error', (error) => {
      const { code } = error as { code?: unknown };
      if (UNREACHABLE.test(`${String(code)} ${error.message}`)) outage(error);
      else log?.error({ queue: source.name, err: error }, 'queue error');
    });
  }
  connection.on('ready', () => {
    if (!down) return;
    down = false;
    log?.info('Redis is reachable again');
  });
}
