import type { QueueName } from '@breaker/api-contract';
import { JOBS } from '@breaker/jobs';

/**
 * What a worker's concurrency does, for jobs run in-process in the background: at most the job's own `concurrency` of
 * one kind at once, the rest waiting in order. Without it, ten thousand reminders falling due in the same minute would
 * all start together, each holding its reads and its push open while the embedded database serves the others one by
 * one, so none would go out until nearly all had. A job whose concurrency is `configured` (WORKER_CONCURRENCY) is not
 * limited here: the API awaits those itself.
 */
export function jobSlots(): <T>(name: QueueName, run: () => Promise<T>) => Promise<T> {
  const running = new Map<QueueName, number>();
  const waiting = new Map<QueueName, (() => void)[]>();
  const release = (name: QueueName) => {
    const next = waiting.get(name)?.shift();
    if (next) next();
    else running.set(name, (running.get(name) ?? 1) - 1);
  };
  return async (name, run) => {
    const limit = JOBS[name].concurrency;
    if (limit === 'configured') return run();
    if ((running.get(name) ?? 0) < limit) running.set(name, (running.get(name) ?? 0) + 1);
    else
      await new Promise<void>((start) => {
        const queue = waiting.get(name) ?? [];
        queue.push(start);
        waiting.set(name, queue);
      });
    try {
      return await run();
    } finally {
      release(name);
    }
  };
}
