import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarInput, withPlanAsExisting } from './calendar-arbitrary.test-support.js';
import { placeBreaks } from './place-breaks.js';
import type { PlacementInput } from './types.js';
import { roomPerDay, verifyPlacement } from './verify.js';

/** Random calendars per property: 4 properties × 2,000 = 8,000 calendars a run. */
const RUNS = 2_000;

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed | 0 || 1;
  for (let i = copy.length - 1; i > 0; i -= 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const j = Math.abs(state) % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe('placeBreaks on random calendars', () => {
  it('keeps every rule: no overlap, work hours, future, spacing, buffers when the gap allows, at most the asked count, no activity twice in a row, a reason for every short day', () => {
    fc.assert(
      fc.property(calendarInput, (input) => {
        expect(verifyPlacement(input, placeBreaks(input))).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('is deterministic: the same input and seed give the same plan, whatever the order of the meetings', () => {
    fc.assert(
      fc.property(calendarInput, fc.integer(), (input, order) => {
        const first = placeBreaks(input);
        const copy: PlacementInput = structuredClone({ ...input, busy: shuffled(input.busy, order) });
        expect(placeBreaks(copy)).toEqual(first);
      }),
      { numRuns: RUNS },
    );
  });

  it('is idempotent: planning again with its own plan stored as scheduled sessions changes nothing', () => {
    fc.assert(
      fc.property(calendarInput, (input) => {
        const first = placeBreaks(input);
        const again = placeBreaks(withPlanAsExisting(input, first.breaks));
        expect(again).toEqual(first);
        const third = placeBreaks(withPlanAsExisting(input, again.breaks));
        expect(third.breaks.map((b) => [b.start, b.activityId])).toEqual(first.breaks.map((b) => [b.start, b.activityId]));
      }),
      { numRuns: RUNS },
    );
  });

  it('places every requested break on days that have room, and as many as fit on the others', () => {
    let wanted = 0;
    let wantedOnRoomyDays = 0;
    let placedOnRoomyDays = 0;
    let fitting = 0;
    let placedOfFitting = 0;
    fc.assert(
      fc.property(calendarInput, (input) => {
        const result = placeBreaks(input);
        const perDay = new Map<string, number>();
        const zone = input.timeZone;
        const format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
        for (const b of result.breaks) {
          const date = format.format(new Date(b.start));
          perDay.set(date, (perDay.get(date) ?? 0) + 1);
        }
        for (const day of roomPerDay(input)) {
          const placed = perDay.get(day.date) ?? 0;
          wanted += day.wanted;
          fitting += Math.min(day.wanted, day.room);
          placedOfFitting += Math.min(placed, day.room);
          if (day.room >= day.wanted) {
            wantedOnRoomyDays += day.wanted;
            placedOnRoomyDays += placed;
            expect(placed, `${day.date}: room for ${day.room}`).toBe(day.wanted);
          } else {
            expect(placed, `${day.date}: room for ${day.room}, ${day.wanted} wanted`).toBe(day.room);
          }
        }
      }),
      { numRuns: RUNS },
    );
    const share = placedOnRoomyDays / Math.max(1, wantedOnRoomyDays);
    process.stdout.write(
      `random calendars: ${placedOnRoomyDays}/${wantedOnRoomyDays} requested breaks placed on days with room (${(share * 100).toFixed(2)}%); ` +
        `${placedOfFitting}/${fitting} of what fits on all days; ${wanted} requested in all\n`,
    );
    expect(share).toBe(1);
  });
});
