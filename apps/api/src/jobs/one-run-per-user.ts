/**
 * What BullMQ's keepLastIfActive deduplication does for the queue, for jobs run in-process: per user, one run at a time
 * and at most one waiting behind it. A call while a run waits joins it; a call while one runs queues the one after it,
 * so a burst of refreshes makes at most two runs and none misses a change committed before it was asked for.
 */
export function oneRunPerUser<P extends { userId: string }, R>(run: (payload: P) => Promise<R>): (payload: P) => Promise<R> {
  const running = new Map<string, Promise<R>>();
  const waiting = new Map<string, Promise<R>>();
  return (payload) => {
    const { userId } = payload;
    const queued = waiting.get(userId);
    if (queued) return queued;
    const ahead = running.get(userId);
    const start = (): Promise<R> => {
      waiting.delete(userId);
      const current = run(payload);
      running.set(userId, current);
      const done = () => {
        if (running.get(userId) === current) running.delete(userId);
      };
      current.then(done, done);
      return current;
    };
    if (!ahead) return start();
    const next = ahead.then(start, start);
    waiting.set(userId, next);
    return next;
  };
}
