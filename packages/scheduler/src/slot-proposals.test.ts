import fc from 'fast-check';
import { DateTime, IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { calendarInput } from './calendar-arbitrary.test-support.js';
import { placeBreaks } from './place-breaks.js';
import { ENGINE_VERSION } from './rules.js';
import { allowedStarts, proposeSlots, slotProblem } from './slot-proposals.js';
import type { ExistingBreak, PlacementInput } from './types.js';
import { verifyPlacement } from './verify.js';
import { novemberUtc, utcMonday } from './utc-monday.test-support.js';
import { workDayFrames } from './work-day-frames.js';

const at = (time: string): number => novemberUtc(23, time);

const monday = utcMonday(1);

describe('slotProblem', () => {
  it.each([
    ['09:00', 2, undefined],
    ['07:55', 2, 'outside-work-hours'],
    ['16:59', 2, 'outside-work-hours'],
    ['10:30', 2, 'meeting'],
    ['09:59', 2, 'meeting'],
    ['09:57', 2, 'too-close-to-meeting'],
    ['11:03', 2, 'too-close-to-meeting'],
    ['11:05', 2, undefined],
    ['12:40', 2, 'too-close-to-break'],
    ['13:31', 2, 'too-close-to-break'],
    ['13:32', 2, undefined],
  ] as const)('a %s break of %i minutes: %s', (time, duration, problem) => {
    expect(slotProblem(monday, at(time), duration)).toBe(problem);
  });

  it('refuses the past and the lead time before a break can start', () => {
    const later = { ...monday, now: at('09:00') };
    expect(slotProblem(later, at('08:30'), 2)).toBe('past');
    expect(slotProblem(later, at('09:03'), 2)).toBe('past');
    expect(slotProblem(later, at('09:05'), 2)).toBeUndefined();
  });

  it('refuses a day that already has the breaks asked for', () => {
    const full: PlacementInput = {
      ...monday,
      breaksPerDay: 1,
    };
    expect(slotProblem(full, at('15:00'), 2)).toBe('day-full');
  });

  it('keeps 1 minute from each meeting in a gap too tight for the full buffers', () => {
    const tight: PlacementInput = {
      ...monday,
      busy: [
        { start: at('09:00'), end: at('10:00') },
        { start: at('10:05'), end: at('11:00') },
      ],
    };
    expect(slotProblem(tight, at('10:01'), 2)).toBeUndefined();
    expect(slotProblem(tight, at('10:00'), 2)).toBe('too-close-to-meeting');
    expect(slotProblem(tight, at('10:03'), 2)).toBe('too-close-to-meeting');
  });
});

describe('allowedStarts', () => {
  it('lists the 5-minute starts of a stretch', () => {
    expect(allowedStarts(monday, 2, at('11:00'), at('11:30')).map((t) => new Date(t).toISOString().slice(11, 16))).toEqual([
      '11:05',
      '11:10',
      '11:15',
      '11:20',
      '11:25',
    ]);
  });
});

describe('proposeSlots', () => {
  it('offers the first allowed start of each hour, nearest to the break first, in time order, never where it is now', () => {
    const slots = proposeSlots(monday, { duration: 2, currentStart: at('15:00'), limit: 10 });
    expect(slots.map((t) => new Date(t).toISOString().slice(11, 16))).toEqual([
      '08:00',
      '09:00',
      '11:05',
      '12:00',
      '13:35',
      '14:00',
      '15:05',
      '16:00',
    ]);
    expect(slots).not.toContain(at('15:00'));
  });

  it('stops at the limit, keeping the nearest', () => {
    const slots = proposeSlots(monday, { duration: 2, currentStart: at('15:00'), limit: 1 });
    expect(slots).toEqual([at('15:05')]);
  });

  it('offers nothing on a day without room', () => {
    const booked = { ...monday, busy: [{ start: at('08:00'), end: at('17:00') }] };
    expect(proposeSlots(booked, { duration: 2, currentStart: at('15:00'), limit: 5 })).toEqual([]);
  });
});

/**
 * A plan with one break moved to `start`: every other break counts as kept (it stays where it is), the shortfalls
 * are what the day then has, so the verifier checks the moved break against all the placement rules.
 */
function movedPlanInput(input: PlacementInput, others: ExistingBreak[]): PlacementInput {
  return { ...input, existing: others.map((other) => ({ ...other, status: 'completed' as const })) };
}

describe('proposeSlots on random calendars', () => {
  it('every proposed slot passes the placement verifier', () => {
    fc.assert(
      fc.property(calendarInput, fc.nat(), (input, pick) => {
        const plan = placeBreaks(input);
        if (plan.breaks.length === 0) return;
        const moving = plan.breaks[pick % plan.breaks.length]!;
        const kept = input.existing.filter((b) => b.status !== 'scheduled' || b.start < input.now);
        const others: ExistingBreak[] = [
          ...kept,
          ...plan.breaks
            .filter((b) => b !== moving)
            .map((b) => ({ start: b.start, duration: b.duration, status: 'scheduled' as const, activityId: b.activityId })),
        ];
        const slotInput = { ...input, existing: others };
        const moved = { id: 'moved-break', type: 'moved', duration: moving.duration };
        const verifyInput = { ...movedPlanInput(input, others), activities: [...input.activities, moved] };
        for (const start of proposeSlots(slotInput, { duration: moving.duration, currentStart: moving.start, limit: 8 })) {
          const placed = [{ start, duration: moving.duration, activityId: moved.id, reason: 'moved by hand' }];
          expect(
            verifyPlacement(verifyInput, {
              engineVersion: ENGINE_VERSION,
              breaks: placed,
              shortfalls: shortfallsOf(verifyInput, placed),
            }),
          ).toEqual([]);
        }
      }),
      { numRuns: 500 },
    );
  });
});

/** What the verifier expects as shortfalls for a plan: each work day that ends up with fewer breaks than asked. */
function shortfallsOf(input: PlacementInput, placed: { start: number }[]) {
  const zone = IANAZone.isValidZone(input.timeZone) ? input.timeZone : 'UTC';
  const perDay = new Map<string, number>();
  for (const { start } of [...input.existing, ...placed]) {
    const date = DateTime.fromMillis(start, { zone }).toISODate() ?? '';
    perDay.set(date, (perDay.get(date) ?? 0) + 1);
  }
  return workDayFrames(input)
    .filter((frame) => (perDay.get(frame.date) ?? 0) < input.breaksPerDay)
    .map((frame) => ({ date: frame.date, asked: input.breaksPerDay, placed: perDay.get(frame.date) ?? 0, reason: 'short' }));
}
