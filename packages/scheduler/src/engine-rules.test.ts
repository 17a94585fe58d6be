import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cataloguePool } from './catalogue-pool.test-support.js';
import { longestStretch, optimalLongestStretch } from './optimum.test-support.js';
import { dayStretches } from './day-stretches.js';
import { placeBreaks } from './place-breaks.js';
import type { BusyInterval, PlacementInput } from './types.js';

const MS = 60_000;
/** Monday 2026-11-23 00:00 UTC, in epoch minutes. */
const MONDAY = Date.UTC(2026, 10, 23) / MS;
const at = (hour: number, minute = 0): number => MONDAY + hour * 60 + minute;

function day(busy: BusyInterval[], breaksPerDay: number, workStart = '09:00', workEnd = '17:00'): PlacementInput {
  return {
    timeZone: 'UTC',
    workStart,
    workEnd,
    breaksPerDay,
    workDays: [1],
    horizonDays: 1,
    now: MONDAY * MS,
    busy,
    existing: [],
    activities: cataloguePool,
    seed: 7,
  };
}

const meeting = (from: number, to: number, call = false): BusyInterval => ({ start: from * MS, end: to * MS, call });

/** The engine's longest stretch and the oracle's optimum for the same day, count and durations. */
function versusOptimum(input: PlacementInput): { engine: number; optimum: number } {
  const [h1, m1] = input.workStart.split(':').map(Number);
  const [h2, m2] = input.workEnd.split(':').map(Number);
  const origin = Math.max(at(h1!, m1!), Math.ceil(input.now / MS + 5));
  const workEnd = at(h2!, m2!);
  const breaks = placeBreaks(input).breaks.map((b) => [b.start / MS, b.start / MS + b.duration] as const);
  return {
    engine: longestStretch(origin, workEnd, breaks),
    optimum: optimalLongestStretch({
      origin,
      workEnd,
      meetings: input.busy.map((m) => [Math.floor(m.start / MS), Math.ceil(m.end / MS)] as const),
      // The breaks the engine plans with: the pool's shortest activity (a longer one in a roomy slot only shortens).
      durations: breaks.map(() => Math.min(...input.activities.map((a) => a.duration))),
    }),
  };
}

/** A random day: work hours, 3–6 breaks, up to 14 meetings (calls or not). */
const randomDay = fc
  .record({
    start: fc.integer({ min: 6 * 60, max: 10 * 60 }),
    length: fc.integer({ min: 4 * 60, max: 11 * 60 }),
    breaks: fc.integer({ min: 3, max: 6 }),
    meetings: fc.array(
      fc.record({ at: fc.integer({ min: 0, max: 12 * 60 }), length: fc.integer({ min: 5, max: 150 }), call: fc.boolean() }),
      { maxLength: 14 },
    ),
  })
  .map(({ start, length, breaks, meetings }) => {
    const clock = (m: number): string => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const busy = meetings.map((m) => meeting(at(6) + m.at, at(6) + m.at + m.length, m.call));
    return day(busy, breaks, clock(start), clock(Math.min(start + length, 23 * 60)));
  });

describe('the optimum oracle', () => {
  it.each([
    { breaks: 1, durations: [4], optimum: 238 },
    { breaks: 5, durations: [4, 4, 4, 4, 4], optimum: 77 },
    { breaks: 3, durations: [1, 1, 1], optimum: 120 },
  ])('an empty 09:00–17:00 day with $breaks breaks: $optimum minutes', ({ durations, optimum }) => {
    expect(optimalLongestStretch({ origin: at(9), workEnd: at(17), meetings: [], durations })).toBe(optimum);
  });

  it('counts a meeting as sitting and keeps the buffers around it', () => {
    // 09:00–13:00 in meetings: the first break can come no sooner than 13:05, so the first stretch is 245 minutes.
    expect(optimalLongestStretch({ origin: at(9), workEnd: at(17), meetings: [[at(9), at(13)]], durations: [1, 1] })).toBe(245);
  });

  it('says Infinity when the breaks cannot fit', () => {
    expect(optimalLongestStretch({ origin: at(9), workEnd: at(10), meetings: [], durations: [1, 1, 1] })).toBe(Infinity);
  });
});

describe('rule 1: shortest sitting stretches', () => {
  it.each([3, 4, 5, 6])('an empty day with %i breaks is within 10 percent of the optimum', (n) => {
    const { engine, optimum } = versusOptimum(day([], n));
    expect(engine).toBeLessThanOrEqual(optimum * 1.1);
  });

  it('a short meeting near where a break would go costs at most 10%', () => {
    const { engine, optimum } = versusOptimum(day([meeting(at(10, 30), at(10, 50))], 5));
    expect(engine).toBeLessThanOrEqual(optimum * 1.1);
  });

  it('names the rule and the stretch it achieves in the reason', () => {
    const result = placeBreaks(day([], 4));
    expect(result.breaks[1]!.reason).toMatch(
      /^Shortest sitting stretches: with 4 breaks today, no stretch of the work day goes past \d+ minutes without one\./,
    );
  });

  it('property: on random days the longest stretch is at most 1.1 × the optimum', () => {
    fc.assert(
      fc.property(randomDay, (input) => {
        const { engine, optimum } = versusOptimum(input);
        if (Number.isFinite(optimum)) expect(engine).toBeLessThanOrEqual(optimum * 1.1);
      }),
      { numRuns: 2_000 },
    );
  });

  it('property: dayStretches reports the same longest stretch and optimum as the independent oracle', () => {
    fc.assert(
      fc.property(randomDay, (input) => {
        const result = placeBreaks(input);
        const [day] = dayStretches(input, result);
        const { engine, optimum } = versusOptimum(input);
        if (!day || result.breaks.length === 0) return;
        expect(day.longest).toBe(engine);
        expect(day.optimum).toBe(optimum);
      }),
      { numRuns: 500 },
    );
  });
});

describe('rule 2: recovery after a run of back-to-back meetings', () => {
  it.each([
    { run: [at(9), at(10)], expected: '10:05' },
    { run: [at(11), at(12, 15)], expected: '12:20' },
  ])('a 60+ minute run gets a break 5 minutes after it, at $expected', ({ run, expected }) => {
    const result = placeBreaks(day([meeting(run[0]!, run[1]!)], 4));
    const times = result.breaks.map((b) => new Date(b.start).toISOString().slice(11, 16));
    expect(times).toContain(expected);
    const recovery = result.breaks.find((b) => new Date(b.start).toISOString().slice(11, 16) === expected)!;
    expect(recovery.reason).toMatch(/^After (60|75) minutes of back-to-back meetings: a break at the first free moment\./);
  });

  it('gaps under 5 minutes count as back to back', () => {
    const result = placeBreaks(day([meeting(at(13), at(13, 32)), meeting(at(13, 36), at(14, 10))], 4));
    expect(result.breaks.some((b) => b.start === at(14, 15) * MS)).toBe(true);
  });

  it('when the first free moment would stretch the day past 1.1 × the optimum, the break still comes within 20 minutes', () => {
    // 07:00–18:00, 4 breaks: a break at 10:05 or 12:05 leaves the afternoon 164+ minutes; one at 10:20 keeps every
    // stretch within 154 (1.1 × the optimum of 140).
    const input = day([meeting(at(9), at(10)), meeting(at(11), at(12))], 4, '07:00', '18:00');
    const result = placeBreaks(input);
    const starts = result.breaks.map((b) => b.start / MS);
    expect(starts.some((s) => (s >= at(10) && s <= at(10, 20)) || (s >= at(12) && s <= at(12, 20)))).toBe(true);
    const { engine, optimum } = versusOptimum(input);
    expect(engine).toBeLessThanOrEqual(optimum * 1.1);
    const recovery = result.breaks.find((b) => /back-to-back/.test(b.reason))!;
    expect(recovery.reason).toMatch(/^After 60 minutes of back-to-back meetings/);
  });

  it('property: on random days the plan follows as many runs within 20 minutes as any plan within 1.1 × the optimum can', () => {
    fc.assert(
      fc.property(randomDay, (input) => {
        const result = placeBreaks(input);
        for (const stretch of dayStretches(input, result)) {
          expect(stretch.recovered).toBeGreaterThanOrEqual(stretch.followable);
          if (stretch.followAll !== undefined && stretch.optimum !== undefined)
            expect(stretch.followAll).toBeGreaterThan(stretch.optimum * 1.1);
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it('property: every run of 60+ minutes is followed by a break within 20 minutes, unless rule 1 overrides it with the optimal plan', () => {
    fc.assert(
      fc.property(fc.integer({ min: 9 * 60 + 30, max: 14 * 60 }), fc.integer({ min: 60, max: 120 }), (start, length) => {
        const end = at(0) + start + length;
        const input = day([meeting(at(0) + start, end)], 5);
        const result = placeBreaks(input);
        if (!result.breaks.some((b) => b.start / MS >= end && b.start / MS <= end + 20)) {
          const { engine, optimum } = versusOptimum(input);
          expect(engine).toBeLessThanOrEqual(optimum);
        }
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('rule 3: eye rest after calls', () => {
  const eyeRest = new Set(cataloguePool.filter((a) => a.type === 'eye-rest').map((a) => a.id));

  it.each([
    { calls: 45, eyes: true },
    { calls: 75, eyes: true },
  ])('after $calls minutes of calls the next break is an eye rest', ({ calls }) => {
    const result = placeBreaks(day([meeting(at(9, 30), at(9, 30) + calls, true)], 4));
    const next = result.breaks.find((b) => b.start / MS >= at(9, 30) + calls)!;
    expect(eyeRest.has(next.activityId)).toBe(true);
    expect(next.reason).toMatch(/eyes first\./i);
  });

  it('an in-person meeting is not screen time', () => {
    const result = placeBreaks(day([meeting(at(9, 30), at(10, 20), false)], 4));
    expect(result.breaks.every((b) => !/eyes first/i.test(b.reason))).toBe(true);
  });

  it('property: 45+ minutes of calls before a break make it an eye rest', () => {
    fc.assert(
      fc.property(fc.integer({ min: 45, max: 100 }), fc.integer({ min: 0, max: 1000 }), (calls, seed) => {
        const input = { ...day([meeting(at(9, 10), at(9, 10) + calls, true)], 3), seed };
        const next = placeBreaks(input).breaks.find((b) => b.start / MS >= at(9, 10) + calls)!;
        expect(eyeRest.has(next.activityId)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('rule 4: a break before noon', () => {
  it('a morning with room gets a break before noon, even when meetings fill the early hours', () => {
    const result = placeBreaks(day([meeting(at(9), at(11, 20))], 3, '09:00', '19:00'));
    expect(result.breaks.some((b) => b.start / MS < at(12))).toBe(true);
  });

  it('property: whenever the morning has room, some break starts before noon', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 6 }), fc.integer({ min: 0, max: 150 }), (n, busyUntil) => {
        const busy = busyUntil > 0 ? [meeting(at(9), at(9) + busyUntil)] : [];
        const result = placeBreaks(day(busy, n, '09:00', '18:00'));
        expect(result.breaks.some((b) => b.start / MS < at(12))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
