import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { longestSittingStretch, type SittingDay } from './sitting-stretch.js';
import type { BusyInterval } from './types.js';

const at = (time: string): number => Date.parse(`2026-11-23T${time}:00Z`);
const span = (from: string, to: string): BusyInterval => ({ start: at(from), end: at(to) });
const breakAt = (time: string, minutes: number): BusyInterval => ({ start: at(time), end: at(time) + minutes * 60_000 });

const workDay = span('09:00', '17:00');

describe('longestSittingStretch', () => {
  it.each<[string, SittingDay, { before: number; after: number }]>([
    ['a day without breaks sits the whole day', { work: workDay, meetings: [], breaksTaken: [] }, { before: 480, after: 480 }],
    [
      'one break at noon halves the day',
      { work: workDay, meetings: [], breaksTaken: [breakAt('12:58', 4)] },
      { before: 480, after: 238 },
    ],
    [
      'meetings inside the day change nothing: they are sitting too',
      { work: workDay, meetings: [span('10:00', '12:00')], breaksTaken: [breakAt('13:00', 5)] },
      { before: 480, after: 240 },
    ],
    [
      'a meeting running on past work end, and one straight after, extend the day',
      { work: workDay, meetings: [span('16:30', '17:30'), span('17:30', '18:00')], breaksTaken: [breakAt('13:00', 5)] },
      { before: 540, after: 295 },
    ],
    [
      'an evening meeting apart from the work day is not part of it',
      { work: workDay, meetings: [span('19:00', '21:00')], breaksTaken: [] },
      { before: 480, after: 480 },
    ],
    [
      'breaks outside the day, overlapping ones and ones at its edges',
      {
        work: workDay,
        meetings: [],
        breaksTaken: [breakAt('07:00', 5), breakAt('08:58', 5), breakAt('11:00', 5), breakAt('11:03', 5), breakAt('16:57', 5)],
      },
      { before: 480, after: 349 },
    ],
    [
      'an empty work frame sits for nothing',
      { work: span('17:00', '09:00'), meetings: [], breaksTaken: [] },
      { before: 0, after: 0 },
    ],
  ])('%s', (_, day, expected) => {
    expect(longestSittingStretch(day)).toEqual(expected);
  });
});

const MINUTE = 60_000;
const dayStart = at('00:00');
const interval = fc
  .tuple(fc.integer({ min: 0, max: 24 * 60 - 1 }), fc.integer({ min: 1, max: 240 }))
  .map(([from, length]): BusyInterval => ({ start: dayStart + from * MINUTE, end: dayStart + (from + length) * MINUTE }));
const day = fc.record({
  work: fc
    .tuple(fc.integer({ min: 5 * 60, max: 11 * 60 }), fc.integer({ min: 4 * 60, max: 11 * 60 }))
    .map(([from, length]): BusyInterval => ({ start: dayStart + from * MINUTE, end: dayStart + (from + length) * MINUTE })),
  meetings: fc.array(interval, { maxLength: 12 }),
  breaksTaken: fc.array(
    fc
      .tuple(fc.integer({ min: 0, max: 24 * 60 - 1 }), fc.integer({ min: 1, max: 5 }))
      .map(([from, length]) => ({ start: dayStart + from * MINUTE, end: dayStart + (from + length) * MINUTE })),
    { maxLength: 8 },
  ),
});

describe('longestSittingStretch, on random days', () => {
  it('never sits longer after breaks than before, and never less than the work day without them', () => {
    fc.assert(
      fc.property(day, (d) => {
        const { before, after } = longestSittingStretch(d);
        expect(after).toBeLessThanOrEqual(before);
        expect(after).toBeGreaterThanOrEqual(0);
        expect(before).toBeGreaterThanOrEqual((d.work.end - d.work.start) / MINUTE);
        expect(longestSittingStretch({ ...d, breaksTaken: [] }).after).toBe(before);
      }),
    );
  });

  it('a further break taken never lengthens the longest stretch, and the order of the lists does not matter', () => {
    fc.assert(
      fc.property(day, interval, (d, extra) => {
        const base = longestSittingStretch(d);
        const more = longestSittingStretch({ ...d, breaksTaken: [...d.breaksTaken, extra] });
        expect(more.before).toBe(base.before);
        expect(more.after).toBeLessThanOrEqual(base.after);
        const reversed = { ...d, meetings: [...d.meetings].reverse(), breaksTaken: [...d.breaksTaken].reverse() };
        expect(longestSittingStretch(reversed)).toEqual(base);
      }),
    );
  });

  it('n breaks taken leave at least the sitting time shared among n + 1 stretches', () => {
    fc.assert(
      fc.property(day, (d) => {
        const { before, after } = longestSittingStretch(d);
        const breakMinutes = d.breaksTaken.reduce((sum, b) => sum + (b.end - b.start) / MINUTE, 0);
        expect(after).toBeGreaterThanOrEqual(Math.floor((before - breakMinutes) / (d.breaksTaken.length + 1)));
      }),
    );
  });
});
