import type { JobDeduplication } from '@breaker/jobs';

/**
 * What BullMQ's deduplication does for the queue, for jobs run in-process. Runs with one id are one: a call while one
 * runs joins it; with keepLastIfActive it queues one run after it instead, which later calls join, so a burst makes at
 * most two runs and none misses a change committed before it was asked for.
 */
export function deduplicatedRuns(): <R>(deduplication: JobDeduplication, run: () => Promise<R>) => Promise<R> {
  // One id is always one job, so every promise under it answers that job's result type.
  const running = new Map<string, Promise<unknown>>();
  const waiting = new Map<string, Promise<unknown>>();
  return <R>({ id, keepLastIfActive }: JobDeduplication, run: () => Promise<R>): Promise<R> => {
    const queued = waiting.get(id) as Promise<R> | undefined;
    if (queued) return queued;
    const ahead = running.get(id) as Promise<R> | undefined;
    if (ahead && !keepLastIfActive) return ahead;
    const start = (): Promise<R> => {
      waiting.delete(id);
      const current = run();
      running.set(id, current);
      const done = () => {
        if (running.get(id) === current) running.delete(id);
      };
      current.then(done, done);
      return current;
    };
    if (!ahead) return start();
    const next = ahead.then(start, start);
    waiting.set(id, next);
    return next;
  };
}
