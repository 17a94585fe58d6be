import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarInput } from './calendar-arbitrary.test-support.js';
import { nextGoodSlot } from './next-slot.js';
import { allowedStarts, slotProblem } from './slot-proposals.js';
import { utcMonday, novemberUtc } from './utc-monday.test-support.js';
import { workDayFrames } from './work-day-frames.js';

const at = novemberUtc;
const clock = (slot: { start: number } | undefined): string | undefined =>
  slot && new Date(slot.start).toISOString().slice(8, 16).replace('T', ' ');

/** Monday 23 and Tuesday 24 November: a meeting 10:00–11:00 and a break at 13:00 on the Monday. */
const week = utcMonday(2);

describe('the next good slot', () => {
  it.each([
    { what: 'a free minute, on the 5-minute grid', from: at(23, '08:02'), durations: [2], slot: '23 08:05' },
    { what: 'past a meeting, keeping its buffer', from: at(23, '09:58'), durations: [2], slot: '23 11:05' },
    { what: 'past another break, keeping 30 minutes', from: at(23, '12:40'), durations: [2], slot: '23 13:35' },
    { what: 'before the lead time: not in the past', from: at(23, '06:00'), durations: [2], slot: '23 08:00' },
    { what: 'after work hours: the next work day', from: at(23, '16:59'), durations: [2], slot: '24 08:00' },
    { what: 'the longest that fits at the first start', from: at(23, '09:50'), durations: [1, 4], slot: '23 09:50' },
  ])('$what: $slot', ({ from, durations, slot }) => {
    expect(clock(nextGoodSlot(week, { from, durations }))).toBe(slot);
  });

  it('a shorter break where the longer one would crowd the meeting after it', () => {
    // At 09:55 a 4-minute break would leave 1 minute before the 10:00 meeting, where the gap allows the full 2.
    expect(nextGoodSlot(week, { from: at(23, '09:55'), durations: [1, 4] })).toEqual({ start: at(23, '09:55'), duration: 1 });
    expect(nextGoodSlot(week, { from: at(23, '09:50'), durations: [1, 4] })).toEqual({ start: at(23, '09:50'), duration: 4 });
  });

  it('at a tight start, a shorter break where the longer one does not fit', () => {
    const tight = {
      ...week,
      busy: [
        { start: at(23, '08:00'), end: at(23, '09:00') },
        { start: at(23, '09:05'), end: at(23, '10:00') },
      ],
    };
    // 09:00–09:05: a 3-minute break keeps 1 minute each side at 09:01, not on the grid; at 09:00 nothing fits.
    expect(nextGoodSlot(tight, { from: at(23, '08:00'), durations: [1, 4] })).toEqual({ start: at(23, '10:05'), duration: 4 });
  });

  it('looks only in as many work days as asked, from the one holding `from`', () => {
    const full = { ...week, busy: [{ start: at(23, '14:00'), end: at(23, '17:00') }] };
    expect(nextGoodSlot(full, { from: at(23, '14:00'), durations: [2], workDays: 1 })).toBeUndefined();
    expect(clock(nextGoodSlot(full, { from: at(23, '14:00'), durations: [2], workDays: 2 }))).toBe('24 08:00');
  });

  it('counts a day that has the breaks asked for as full', () => {
    const asked = { ...week, breaksPerDay: 1 };
    expect(clock(nextGoodSlot(asked, { from: at(23, '14:00'), durations: [2] }))).toBe('24 08:00');
  });

  it('property: the slot passes every rule, on the grid, at or after `from`, in the days asked, and no earlier start does', () => {
    fc.assert(
      fc.property(
        calendarInput,
        fc.integer({ min: 0, max: 6 * 24 * 60 }),
        fc.subarray([1, 2, 3, 4], { minLength: 1 }),
        fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
        (input, offset, durations, workDays) => {
          const from = input.now + offset * 60_000;
          const slot = nextGoodSlot(input, { from, durations, workDays });
          const frames = workDayFrames(input).filter((f) => f.workEnd > from);
          const looked = workDays === undefined ? frames : frames.slice(0, workDays);
          const until = slot?.start ?? Math.max(from, ...looked.map((f) => f.workEnd));
          for (const d of durations) expect(allowedStarts(input, d, from, until)).toEqual([]);
          if (!slot) return;
          expect(slot.start % 300_000).toBe(0);
          expect(slot.start).toBeGreaterThanOrEqual(from);
          expect(slotProblem(input, slot.start, slot.duration)).toBeUndefined();
          expect(looked.some((f) => slot.start >= f.workStart && slot.start < f.workEnd)).toBe(true);
          for (const d of durations) if (d > slot.duration) expect(slotProblem(input, slot.start, d)).toBeDefined();
        },
      ),
      { numRuns: 300 },
    );
  });
});
