import { describe, expect, it } from 'vitest';
import { at, berlinWeekInput } from './berlin-week.test-support.js';
import { placeBreaks } from './place-breaks.js';
import { RULES } from './rules.js';
import type { ExistingBreak, PlacementInput } from './types.js';
import { keptSessions, verifyPlacement } from './verify.js';

const MS = 60_000;

/** Monday 2026-11-23 alone, with a meeting 13:00–14:00. */
function input(existing: ExistingBreak[]): PlacementInput {
  return berlinWeekInput({ horizonDays: 1, busy: [{ start: at('2026-11-23T13:00'), end: at('2026-11-23T14:00') }], existing });
}

describe('placeBreaks: breaks the user pinned', () => {
  // 11:07 is nowhere the engine puts a break on this day (10:36, 12:12, 14:05, 15:32): the pin alone keeps it there.
  const pinned: ExistingBreak = { start: at('2026-11-23T11:07'), duration: 3, status: 'scheduled', activityId: 'palming' };

  it('plans around a pinned break like around a completed one: it counts toward the day and keeps the spacing', () => {
    const given = input([{ ...pinned, pinned: true }]);
    const result = placeBreaks(given);
    expect(verifyPlacement(given, result)).toEqual([]);
    expect(keptSessions(given)).toEqual([{ ...pinned, pinned: true }]);
    expect(result.breaks).toHaveLength(3);
    const pinnedEnd = pinned.start + pinned.duration * MS;
    for (const b of result.breaks) {
      const apart = Math.max(b.start - pinnedEnd, pinned.start - (b.start + b.duration * MS));
      expect(apart).toBeGreaterThanOrEqual(RULES.minimumSpacingMinutes * MS);
    }
    expect(placeBreaks(input([{ ...pinned, status: 'completed' }])).breaks.map((b) => b.start)).toEqual(
      result.breaks.map((b) => b.start),
    );
  });

  it('the same break unpinned is replaced: the engine plans the full day without it', () => {
    const result = placeBreaks(input([pinned]));
    expect(result.breaks).toHaveLength(4);
    expect(result.breaks.map((b) => b.start)).toEqual(placeBreaks(input([])).breaks.map((b) => b.start));
  });
});
