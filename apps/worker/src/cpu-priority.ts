import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import type { Logger } from 'pino';

/**
 * The process's threads by id. Linux gives each thread its own niceness, and the runtime's own threads (the garbage
 * collector's, the compiler's, libuv's pool) are running before any of our code; elsewhere the process as one.
 */
function threadsOfThisProcess(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number);
  } catch {
    return [0];
  }
}

/**
 * Lowers the worker's CPU priority to `niceness`, on every thread it has, so that on a machine it shares with the API
 * the API's requests get the CPU first (docs/decisions/020-worker-cpu-priority.md); threads started later inherit it.
 * Only ever lowers: raising it back needs privileges, and a worker started at a higher niceness was started so on
 * purpose.
 */
export function lowerCpuPriority(niceness: number, log: Logger): void {
  if (getPriority() >= niceness) return;
  const refused: unknown[] = [];
  for (const thread of threadsOfThisProcess()) {
    try {
      setPriority(thread, niceness);
    } catch (error) {
      refused.push(error);
    }
  }
  // A thread may end meanwhile, or a sandbox refuse: the jobs run all the same, only without stepping back.
  if (refused.length > 0)
    log.warn({ err: refused[0], threads: refused.length, niceness }, 'could not lower the CPU priority of every worker thread');
}
