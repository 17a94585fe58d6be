import { describe, expect, it } from 'vitest';
import { timedRuns } from './timed-runs.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('jobs run in-process at their time', () => {
  it('runs a job after its delay, once however often it is asked for while it waits', async () => {
    const timed = timedRuns();
    const runs: number[] = [];
    const asked = Date.now();
    timed.later('break-reminder-a', 150, () => runs.push(Date.now() - asked));
    timed.later('break-reminder-a', 10, () => runs.push(-1));
    await pause(50);
    expect(runs).toEqual([]);
    await pause(250);
    expect(runs).toHaveLength(1);
    // Timers may fire a millisecond early by the wall clock: the reminder job allows for it.
    expect(runs[0]).toBeGreaterThanOrEqual(145);
    // Once it ran, asking again queues it again (the job itself knows whether it still has anything to do).
    timed.later('break-reminder-a', 10, () => runs.push(0));
    await pause(100);
    expect(runs).toHaveLength(2);
  });

  it('drops the waiting jobs when the process closes', async () => {
    const timed = timedRuns();
    let ran = false;
    timed.later('break-reminder-b', 50, () => {
      ran = true;
    });
    timed.cancelAll();
    await pause(150);
    expect(ran).toBe(false);
  });
});
