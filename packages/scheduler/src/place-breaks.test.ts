import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { placeBreaks } from './place-breaks.js';
import type { PlacementInput } from './types.js';

const activities = [
  { id: 'neck-side-bend', type: 'stretch', duration: 2 },
  { id: 'eye-reset', type: 'eye-rest', duration: 1 },
  { id: 'water-walk', type: 'walk', duration: 4 },
];

function baseInput(overrides: Partial<PlacementInput> = {}): PlacementInput {
  return {
    timeZone: 'Europe/Berlin',
    workStart: '09:00',
    workEnd: '17:00',
    breaksPerDay: 4,
    workDays: [1, 2, 3, 4, 5],
    horizonDays: 6,
    // Monday 2026-11-23, 07:00 in Berlin.
    now: '2026-11-23T06:00:00.000Z',
    busy: [],
    existing: [],
    activities,
    seed: 42,
    ...overrides,
  };
}

function local(iso: string, zone = 'Europe/Berlin'): DateTime {
  return DateTime.fromISO(iso, { zone });
}

describe('placeBreaks', () => {
  it('places the asked number of breaks on each work day of an empty week', () => {
    const result = placeBreaks(baseInput());
    const perDay = groupByDate(result.breaks);
    // Monday to Friday fall inside the 6-day horizon starting Monday; Saturday is not a work day.
    expect([...perDay.keys()]).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    for (const dayBreaks of perDay.values()) expect(dayBreaks).toHaveLength(4);
    expect(result.shortfalls).toEqual([]);
  });

  it('keeps breaks out of meetings, with a buffer after each meeting', () => {
    const busy = [
      { start: '2026-11-23T08:00:00.000Z', end: '2026-11-23T10:00:00.000Z' },
      { start: '2026-11-23T11:00:00.000Z', end: '2026-11-23T15:00:00.000Z' },
    ];
    const result = placeBreaks(baseInput({ busy, horizonDays: 1 }));
    for (const b of result.breaks) {
      const start = Date.parse(b.start);
      for (const m of busy) {
        const overlaps = start < Date.parse(m.end) + 5 * 60_000 && start + b.duration * 60_000 > Date.parse(m.start);
        expect(overlaps).toBe(false);
      }
    }
  });

  it('reports why a fully booked day gets no breaks', () => {
    const busy = [{ start: '2026-11-23T08:00:00.000Z', end: '2026-11-23T16:00:00.000Z' }];
    const result = placeBreaks(baseInput({ busy, horizonDays: 1 }));
    expect(result.breaks).toEqual([]);
    expect(result.shortfalls).toEqual([
      { date: '2026-11-23', asked: 4, placed: 0, reason: 'Meetings leave too little free time in your work hours.' },
    ]);
  });

  it('never plans in the past and counts completed breaks toward their day', () => {
    const now = '2026-11-23T12:02:00.000Z';
    const existing = [{ start: '2026-11-23T08:30:00.000Z', duration: 2, status: 'completed' as const, activityId: 'eye-reset' }];
    const result = placeBreaks(baseInput({ now, existing, horizonDays: 1 }));
    expect(result.breaks.every((b) => Date.parse(b.start) >= Date.parse(now))).toBe(true);
    expect(result.breaks.length).toBeLessThanOrEqual(3);
  });

  it('places breaks at the right local hours across a daylight-saving change', () => {
    // Berlin leaves summer time on Sunday 2026-10-25.
    const result = placeBreaks(baseInput({ now: '2026-10-23T05:00:00.000Z', workDays: [1, 2, 3, 4, 5, 6, 7] }));
    for (const b of result.breaks) {
      const hour = local(b.start).hour;
      expect(hour).toBeGreaterThanOrEqual(9);
      expect(hour).toBeLessThan(17);
    }
  });
});

function groupByDate<T extends { start: string }>(items: readonly T[]): Map<string | null, T[]> {
  const groups = new Map<string | null, T[]>();
  for (const item of items) {
    const key = local(item.start).toISODate();
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
}

const zones = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney', 'UTC'];

const randomInput = fc
  .record({
    timeZone: fc.constantFrom(...zones),
    workStart: fc.constantFrom('07:00', '08:00', '09:00', '10:00'),
    workEnd: fc.constantFrom('16:00', '17:00', '18:00', '19:00'),
    breaksPerDay: fc.integer({ min: 3, max: 6 }),
    nowMs: fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2027-01-01T00:00:00Z') }),
    meetings: fc.array(
      fc.record({ offsetMin: fc.integer({ min: 0, max: 6 * 24 * 60 }), lengthMin: fc.integer({ min: 5, max: 240 }) }),
      {
        maxLength: 40,
      },
    ),
    seed: fc.integer(),
  })
  .map((r): PlacementInput =>
    baseInput({
      timeZone: r.timeZone,
      workStart: r.workStart,
      workEnd: r.workEnd,
      breaksPerDay: r.breaksPerDay,
      now: new Date(r.nowMs).toISOString(),
      busy: r.meetings.map((m) => ({
        start: new Date(r.nowMs + m.offsetMin * 60_000).toISOString(),
        end: new Date(r.nowMs + (m.offsetMin + m.lengthMin) * 60_000).toISOString(),
      })),
      seed: r.seed,
    }),
  );

describe('placeBreaks invariants', () => {
  it('never overlaps a meeting or another break, stays in work hours and the future, and is deterministic', () => {
    fc.assert(
      fc.property(randomInput, (input) => {
        const result = placeBreaks(input);
        expect(placeBreaks(input)).toEqual(result);
        const spans = result.breaks.map((b) => ({ start: Date.parse(b.start), end: Date.parse(b.start) + b.duration * 60_000 }));
        for (const [i, span] of spans.entries()) {
          expect(span.start).toBeGreaterThanOrEqual(Date.parse(input.now));
          const startLocal = DateTime.fromMillis(span.start, { zone: input.timeZone });
          const endLocal = DateTime.fromMillis(span.end, { zone: input.timeZone });
          expect(startLocal.toFormat('HH:mm') >= input.workStart).toBe(true);
          expect(endLocal.toFormat('HH:mm') <= input.workEnd).toBe(true);
          for (const m of input.busy) expect(span.end <= Date.parse(m.start) || span.start >= Date.parse(m.end)).toBe(true);
          for (const other of spans.slice(i + 1)) expect(span.end <= other.start || span.start >= other.end).toBe(true);
        }
        const perDay = groupByDateIn(result.breaks, input.timeZone);
        for (const count of perDay.values()) expect(count).toBeLessThanOrEqual(input.breaksPerDay);
      }),
      { numRuns: 300 },
    );
  });
});

function groupByDateIn(items: readonly { start: string }[], zone: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const key = DateTime.fromISO(item.start, { zone }).toISODate() ?? '';
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
