import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mostRunsFollowed, type RecoveryRoom } from './recovery-room.js';

/** A day of `length` minutes, free except for `busy` [from, to) minute ranges, with recovery windows [from, to]. */
function room(
  length: number,
  breaks: number,
  bound: number,
  windows: [number, number][],
  busy: [number, number][] = [],
): RecoveryRoom {
  const allowed = Array.from({ length: length + 1 }, (_, t) => t + 1 <= length && busy.every(([a, b]) => t + 1 <= a || t >= b));
  const window = Array.from({ length: length + 1 }, (_, t) => windows.some(([a, b]) => t >= a && t <= b));
  return { length, allowed, window, breaks, duration: 1, bound };
}

describe('the most runs one plan can follow', () => {
  it.each([
    { what: 'one window, room to spare', day: room(480, 3, 200, [[100, 120]]), most: 1 },
    {
      what: 'two windows 31 minutes apart hold two breaks',
      day: room(480, 3, 480, [
        [100, 100],
        [131, 131],
      ]),
      most: 2,
    },
    {
      what: 'two windows 30 minutes apart hold only one (spacing)',
      day: room(480, 3, 480, [
        [100, 100],
        [130, 130],
      ]),
      most: 1,
    },
    {
      what: 'more windows than breaks',
      day: room(480, 2, 480, [
        [60, 60],
        [200, 200],
        [300, 300],
      ]),
      most: 2,
    },
    // An early window with a tight bound: the first break must come by minute 100 and the day still needs covering.
    { what: 'the bound leaves the window out', day: room(480, 3, 120, [[10, 12]]), most: 0 },
    { what: 'no plan fits at all', day: room(60, 3, 480, []), most: -1 },
    { what: 'a window inside a meeting cannot hold a break', day: room(480, 3, 480, [[100, 110]], [[90, 120]]), most: 0 },
  ])('$what: $most', ({ day, most }) => {
    expect(mostRunsFollowed(day)).toBe(most);
  });

  it('property: a looser bound never follows fewer runs, and never more than the day has windows or breaks', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 120, max: 600 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 40, max: 300 }),
        fc.array(fc.integer({ min: 0, max: 600 }), { maxLength: 5 }),
        (length, breaks, bound, starts) => {
          const windows = [...new Set(starts)]
            .sort((a, b) => a - b)
            .filter((s, i, all) => i === 0 || s - all[i - 1]! > 80)
            .map((s): [number, number] => [s, s + 20]);
          const tight = mostRunsFollowed(room(length, breaks, bound, windows));
          const loose = mostRunsFollowed(room(length, breaks, bound + 30, windows));
          expect(loose).toBeGreaterThanOrEqual(tight);
          expect(tight).toBeLessThanOrEqual(Math.min(windows.length, breaks));
        },
      ),
      { numRuns: 300 },
    );
  });
});
