/**
 * What BullMQ's delayed jobs do, for jobs run in-process: a job asked for later (a break's reminder) waits on a timer,
 * and asking again for the same id while it waits joins it. Timers are lost when the process stops; the maintenance
 * sweep asks for due jobs again once it is back (docs/decisions/008-break-reminders.md).
 */
export function timedRuns(): { later(id: string, delayMs: number, run: () => void): void; cancelAll(): void } {
  const waiting = new Map<string, NodeJS.Timeout>();
  return {
    later(id, delayMs, run) {
      if (waiting.has(id)) return;
      const timer = setTimeout(() => {
        waiting.delete(id);
        run();
      }, delayMs).unref();
      waiting.set(id, timer);
    },
    cancelAll() {
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
