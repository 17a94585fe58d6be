import { describe, expect, it } from 'vitest';
import { announcement, formatClock, planSteps, stepAt } from './session-plan';

describe('guided break plan', () => {
  it('shares the duration between the steps, ending exactly on time', () => {
    expect(planSteps(['a', 'b', 'c'], 1)).toEqual([
      { text: 'a', startsAt: 0, endsAt: 20 },
      { text: 'b', startsAt: 20, endsAt: 40 },
      { text: 'c', startsAt: 40, endsAt: 60 },
    ]);
    expect(planSteps([], 2)).toEqual([{ text: 'Take a few minutes away from the screen.', startsAt: 0, endsAt: 120 }]);
  });

  it('finds the running step, the last one once time is up', () => {
    const plan = planSteps(['a', 'b', 'c'], 1);
    expect([0, 19.9, 20, 59, 60, 75].map((elapsed) => stepAt(plan, elapsed))).toEqual([0, 0, 1, 2, 2, 2]);
  });

  it('writes the time left as m:ss', () => {
    expect([0, 5, 59.2, 60, 125].map(formatClock)).toEqual(['0:00', '0:05', '1:00', '1:00', '2:05']);
  });

  it('announces the step and whole minutes, not every second', () => {
    const plan = planSteps(['a', 'b'], 2);
    expect(announcement(plan, 0, 120)).toBe('Step 1 of 2. 2 minutes left.');
    expect(announcement(plan, 1, 120)).toBe(announcement(plan, 59, 120));
    expect(announcement(plan, 61, 120)).toBe('Step 2 of 2. 1 minute left.');
    expect(announcement(plan, 112, 120)).toBe('Step 2 of 2. 10 seconds left.');
    expect(announcement(plan, 120, 120)).toBe('Time is up.');
  });
});
