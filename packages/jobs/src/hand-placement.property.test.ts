import { preferencesRow, type BreakActivityRow, type BreakSessionRow, type CalendarEventRow } from '@breaker/db';
import { RULES, workDayFrames } from '@breaker/scheduler';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { handPlanning, laterStart, replacementFor, skippedThatDay, type HandPlanning } from './hand-placement.js';

/** Monday 23 November 2026, 06:00 UTC: the whole work day (08:00–17:00) is ahead. */
const NOW = new Date('2026-11-23T06:00:00Z');
const DAY = Date.parse('2026-11-23T00:00:00Z');
const MINUTE = 60_000;

function activity(id: string, duration: number): BreakActivityRow {
  return {
    id,
    name: id,
    type: 'stretch',
    duration,
    difficulty: 'easy',
    equipment: 'none',
    summary: '',
    instructions: [],
    sort_order: 0,
  };
}
const CATALOGUE = [activity('one', 1), activity('two', 2), activity('three', 3), activity('four', 4)];

function event(index: number, start: number, minutes: number): CalendarEventRow {
  return {
    id: `e${index}`,
    user_id: 'u',
    connection_id: 'c',
    calendar_id: 'feed',
    external_id: `e${index}`,
    title: 'Meeting',
    start_time: new Date(DAY + start * MINUTE),
    end_time: new Date(DAY + (start + minutes) * MINUTE),
    is_all_day: false,
    blocks_time: true,
    show_as: 'busy',
    call: index % 2 === 0,
    updated_at: NOW,
  };
}

function session(index: number, start: number, duration: number, skipped: boolean): BreakSessionRow {
  return {
    id: `b${index}`,
    user_id: 'u',
    activity_id: 'two',
    scheduled_time: new Date(DAY + start * MINUTE),
    duration,
    completed_at: null,
    skipped,
    pinned: true,
    placement_reason: null,
    scheduling_run_id: null,
    reminded_for: null,
    created_at: NOW,
  };
}

/** A work day 08:00–17:00 UTC with meetings anywhere and breaks that never overlap each other (as the database keeps them). */
const day = fc
  .record({
    breaksPerDay: fc.integer({ min: 3, max: 6 }),
    skipBudget: fc.integer({ min: 0, max: 5 }),
    meetings: fc.array(fc.record({ start: fc.integer({ min: 420, max: 1080 }), minutes: fc.integer({ min: 5, max: 150 }) }), {
      maxLength: 8,
    }),
    breaks: fc.array(
      fc.record({ start: fc.integer({ min: 480, max: 1015 }), duration: fc.integer({ min: 1, max: 4 }), skipped: fc.boolean() }),
      { minLength: 1, maxLength: 6 },
    ),
    pick: fc.nat(),
  })
  .map((drawn) => {
    const breaks: BreakSessionRow[] = [];
    for (const b of [...drawn.breaks].sort((x, y) => x.start - y.start)) {
      const previous = breaks.at(-1);
      const free = !previous || previous.scheduled_time.getTime() + previous.duration * MINUTE <= DAY + b.start * MINUTE;
      if (free) breaks.push(session(breaks.length, b.start, b.duration, b.skipped));
    }
    return { ...drawn, breaks };
  });

interface DrawnDay {
  breaksPerDay: number;
  skipBudget: number;
  meetings: { start: number; minutes: number }[];
}

function planningOf(drawn: DrawnDay, breaks: BreakSessionRow[]): HandPlanning {
  const preferences = preferencesRow('u', {
    break_frequency: drawn.breaksPerDay,
    work_start_time: '08:00',
    work_end_time: '17:00',
    timezone: 'UTC',
    skip_budget: drawn.skipBudget,
  });
  const events = drawn.meetings.map((m, i) => event(i, m.start, m.minutes));
  return handPlanning({ userId: 'u', preferences, events, breaks, catalogue: CATALOGUE, now: NOW });
}

function expectFitsTheRules(planning: HandPlanning, start: number, duration: number, movedId: string): void {
  const end = start + duration * MINUTE;
  const frame = workDayFrames(planning.input).find((f) => start >= f.workStart && start < f.workEnd);
  expect(frame).toBeDefined();
  expect(end).toBeLessThanOrEqual(frame!.workEnd);
  for (const meeting of planning.input.busy) expect(end <= meeting.start || start >= meeting.end).toBe(true);
  for (const other of planning.breaks) {
    if (other.id === movedId) continue;
    const otherStart = other.scheduled_time.getTime();
    const otherEnd = otherStart + other.duration * MINUTE;
    expect(end <= otherStart || start >= otherEnd).toBe(true);
    expect(Math.max(otherStart - end, start - otherEnd)).toBeGreaterThanOrEqual(RULES.minimumSpacingMinutes * MINUTE);
  }
}

describe('a skipped break’s replacement', () => {
  it('is never on a meeting, never near or over another break, inside work hours, after the skipped one (that work day or the next), and says so', () => {
    let booked = 0;
    fc.assert(
      fc.property(day, (drawn) => {
        const target = drawn.breaks[drawn.pick % drawn.breaks.length]!;
        const breaks = drawn.breaks.map((b) => (b.id === target.id ? { ...b, skipped: true } : b));
        const planning = planningOf(drawn, breaks);
        const skipped = breaks.find((b) => b.id === target.id)!;
        expect(skippedThatDay(planning, skipped)).toBe(breaks.filter((b) => b.skipped).length);
        const replacement = replacementFor(planning, skipped);
        if (!replacement) return;
        booked += 1;
        const start = replacement.start.getTime();
        expectFitsTheRules(planning, start, replacement.activity.duration, '');
        expect(start).toBeGreaterThanOrEqual(skipped.scheduled_time.getTime() + skipped.duration * MINUTE);
        const [today, next] = workDayFrames(planning.input);
        expect(start).toBeLessThan(next!.workEnd);
        const clock = new Date(skipped.scheduled_time).toISOString().slice(11, 16);
        const when = start < today!.workEnd ? `at ${clock}` : `Monday at ${clock}`;
        expect(replacement.reason).toBe(`Replaces the break you skipped ${when}.`);
      }),
      { numRuns: 500 },
    );
    // The days drawn leave room often enough for the property to be tried on many replacements.
    expect(booked).toBeGreaterThan(100);
  });

  it('takes the first gap: an empty afternoon after a skip at 09:00 gets it at 09:35', () => {
    const drawn = { breaksPerDay: 3, skipBudget: 0, meetings: [], breaks: [], pick: 0 };
    const skipped = session(0, 540, 2, true);
    const replacement = replacementFor(planningOf(drawn, [skipped]), skipped);
    // 30 minutes from the skipped break's end (09:02), on the 5-minute grid.
    expect(replacement?.start.toISOString()).toBe('2026-11-23T09:35:00.000Z');
  });

  it('goes to the next work day when the rest of the day has no room: a skip at 16:00 before a meeting to 17:00', () => {
    const drawn = { breaksPerDay: 3, skipBudget: 0, meetings: [{ start: 965, minutes: 55 }], breaks: [], pick: 0 };
    const skipped = session(0, 960, 2, true);
    const replacement = replacementFor(planningOf(drawn, [skipped]), skipped);
    expect(replacement?.start.toISOString()).toBe('2026-11-24T08:00:00.000Z');
    expect(replacement?.reason).toBe('Replaces the break you skipped Monday at 16:00.');
  });
});

describe('"Later"', () => {
  it('moves a break at least 10 minutes on, into a slot that passes every rule', () => {
    let moves = 0;
    fc.assert(
      fc.property(day, (drawn) => {
        const planning = planningOf(drawn, drawn.breaks);
        const moved = drawn.breaks[drawn.pick % drawn.breaks.length]!;
        const later = laterStart(planning, moved);
        if (!later) return;
        moves += 1;
        expect(later.getTime()).toBeGreaterThanOrEqual(moved.scheduled_time.getTime() + 10 * MINUTE);
        const [frame] = workDayFrames(planning.input);
        if (later.getTime() < frame!.workEnd) expectFitsTheRules(planning, later.getTime(), moved.duration, moved.id);
      }),
      { numRuns: 500 },
    );
    expect(moves).toBeGreaterThan(100);
  });

  it('keeps the 10 minutes when they are free, and jumps a meeting in the way to its end and buffer', () => {
    const drawn = { breaksPerDay: 3, skipBudget: 1, meetings: [{ start: 610, minutes: 50 }], breaks: [], pick: 0 };
    const free = session(0, 840, 2, false);
    expect(laterStart(planningOf(drawn, [free]), free)?.toISOString()).toBe('2026-11-23T14:10:00.000Z');
    const blocked = session(0, 600, 2, false);
    expect(laterStart(planningOf(drawn, [blocked]), blocked)?.toISOString()).toBe('2026-11-23T11:05:00.000Z');
  });
});
