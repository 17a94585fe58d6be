import { describe, expect, it } from 'vitest';
import { indexActivities } from './activity-choice.js';
import { callMinutes, contextFor, firstCallAfter, longestFitting } from './choose-activities.js';
import { frameMeetings, framePieces, newWorkspace } from './day-frame.js';
import type { PlacementInput } from './types.js';

const MS = 60_000;

describe('choose the activities', () => {
  it.each([
    { calls: 45, run: 0, sitting: 30, context: 'eyes' },
    { calls: 44, run: 60, sitting: 30, context: 'eye-rest' },
    { calls: 0, run: 0, sitting: 120, context: 'movement' },
    { calls: 30, run: 59, sitting: 119, context: 'any' },
  ])('$calls min of calls, a $run min run, $sitting min sitting → $context', ({ calls, run, sitting, context }) => {
    expect(contextFor(calls, run, sitting)).toBe(context);
  });

  it('counts the minutes of calls since the last break, overlaps once', () => {
    const ws = newWorkspace();
    const busy = [
      { start: 0, end: 30 * MS, call: true },
      { start: 20 * MS, end: 50 * MS, call: true },
      { start: 60 * MS, end: 90 * MS, call: false },
      { start: 100 * MS, end: 120 * MS, call: true },
    ];
    frameMeetings({ busy } as unknown as PlacementInput, ws, 3);
    const first = firstCallAfter(ws, 0, 10);
    expect(callMinutes(ws, first, 10, 110)).toBe(40 + 10);
  });

  it('gives a slot the longest activity that keeps the buffers and 30 minutes to the next break', () => {
    const ws = newWorkspace();
    frameMeetings({ busy: [{ start: 100 * MS, end: 200 * MS }] } as unknown as PlacementInput, ws, 3);
    framePieces(ws, [], 0, 400, 1);
    const index = indexActivities([
      { id: 'a', type: 'stretch', duration: 1 },
      { id: 'b', type: 'walk', duration: 4 },
    ]);
    expect(longestFitting(ws, index, 0, 50, Infinity)).toBe(4);
    // 2 minutes before the meeting at 100: a 4-minute activity starting at 95 would end at 99.
    expect(longestFitting(ws, index, 0, 95, Infinity)).toBe(1);
    expect(longestFitting(ws, index, 0, 50, 82)).toBe(1);
  });
});
