import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { at, BERLIN, berlinWeekInput } from './berlin-week.test-support.js';
import { cataloguePool } from './catalogue-pool.test-support.js';
import { placeBreaks } from './place-breaks.js';
import { ENGINE_VERSION, MOVEMENT_TYPES, RULES } from './rules.js';
import type { ExistingBreak, PlacedBreak, PlacementInput, PlacementResult } from './types.js';
import { verifyPlacement } from './verify.js';

const typeOf = new Map(cataloguePool.map((a) => [a.id, a.type]));

function meetings(day: string, ...spans: [string, string][]): { start: number; end: number }[] {
  return spans.map(([from, to]) => ({ start: at(`${day}T${from}`), end: at(`${day}T${to}`) }));
}

const input = berlinWeekInput;

/** Places, checks every rule with the independent checker, and returns the plan. */
function plan(given: PlacementInput): PlacementResult {
  const result = placeBreaks(given);
  expect(verifyPlacement(given, result)).toEqual([]);
  return result;
}

function localTimes(breaks: readonly PlacedBreak[], zone = BERLIN): string[] {
  return breaks.map((b) => DateTime.fromMillis(b.start, { zone }).toFormat('ccc HH:mm'));
}

function onDay(breaks: readonly PlacedBreak[], date: string, zone = BERLIN): PlacedBreak[] {
  return breaks.filter((b) => DateTime.fromMillis(b.start, { zone }).toISODate() === date);
}

describe('placeBreaks: an empty week', () => {
  it('places the asked number on every work day, with the shortest sitting stretches, and records its version', () => {
    const result = plan(input());
    expect(result.engineVersion).toBe(ENGINE_VERSION);
    expect(result.shortfalls).toEqual([]);
    // Monday to Friday fall inside the 6 days starting Monday; Saturday is not a work day.
    expect(localTimes(result.breaks)).toEqual(
      ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].flatMap((d) => [`${d} 10:36`, `${d} 12:12`, `${d} 13:48`, `${d} 15:24`]),
    );
    // 480 minutes, 4 breaks: five stretches of at most 96 minutes (the old ideal times left 120 at the day's edges).
    expect(result.breaks[0]!.reason).toBe(
      'Shortest sitting stretches: with 4 breaks today, no stretch of the work day goes past 96 minutes without one.',
    );
  });

  it('3 breaks a day vs 6 breaks a day', () => {
    const three = plan(input({ breaksPerDay: 3, horizonDays: 1 }));
    const six = plan(input({ breaksPerDay: 6, horizonDays: 1 }));
    // 8 hours in 4 stretches of 2 hours; in 7 stretches of at most 68 minutes.
    expect(localTimes(three.breaks)).toEqual(['Mon 11:00', 'Mon 13:00', 'Mon 15:00']);
    expect(localTimes(six.breaks)).toEqual(['Mon 10:08', 'Mon 11:17', 'Mon 12:26', 'Mon 13:35', 'Mon 14:44', 'Mon 15:52']);
  });

  it('works on the chosen work days only', () => {
    const result = plan(input({ workDays: [6, 7], now: at('2026-11-21T07:00') }));
    expect(new Set(localTimes(result.breaks).map((t) => t.slice(0, 3)))).toEqual(new Set(['Sat', 'Sun']));
    expect(plan(input({ workDays: [] })).breaks).toHaveLength(20);
  });

  it('varies the activity type from break to break and never repeats an activity, even across days', () => {
    const result = plan(input({ breaksPerDay: 6 }));
    for (let i = 1; i < result.breaks.length; i += 1) {
      expect(result.breaks[i]!.activityId).not.toBe(result.breaks[i - 1]!.activityId);
      expect(typeOf.get(result.breaks[i]!.activityId)).not.toBe(typeOf.get(result.breaks[i - 1]!.activityId));
    }
    // Two activities only: they alternate, from Monday's last break into Tuesday's first.
    const two = plan(
      input({
        activities: [
          { id: 'a', type: 'stretch', duration: 1 },
          { id: 'b', type: 'stretch', duration: 2 },
        ],
        breaksPerDay: 3,
      }),
    );
    const ids = two.breaks.map((b) => b.activityId);
    for (let i = 1; i < ids.length; i += 1) expect(ids[i]).not.toBe(ids[i - 1]);
  });
});

describe('placeBreaks: named days', () => {
  it('a packed Monday: breaks go into the real gaps, with buffers, and the day says why it gets fewer', () => {
    const busy = meetings(
      '2026-11-23',
      ['08:30', '09:30'],
      ['09:40', '11:00'],
      ['11:05', '12:30'],
      ['12:45', '14:00'],
      ['14:10', '17:30'],
    );
    const result = plan(input({ busy, breaksPerDay: 5, horizonDays: 1 }));
    // Gaps: 09:30–09:40, 11:00–11:05 (too tight for the full buffers), 12:30–12:45, 14:00–14:10.
    expect(localTimes(result.breaks)).toEqual(['Mon 09:37', 'Mon 11:01', 'Mon 12:35', 'Mon 14:05']);
    // 5 minutes after the meeting before, 2 before the next, except in the 5-minute gap (1 minute before, 2 after).
    const [, tight] = result.breaks;
    expect(tight!.duration).toBe(1);
    expect(tight!.reason).toContain('The gap is tight');
    expect(result.shortfalls).toEqual([
      {
        date: '2026-11-23',
        asked: 5,
        placed: 4,
        reason: 'Meetings leave room for only 4 breaks between 09:00 and 17:00, with breaks at least 30 minutes apart.',
      },
    ]);
  });

  it('back-to-back meetings: a run of 60 minutes or more gets a break right after it, an eye rest', () => {
    const busy = meetings('2026-11-23', ['09:00', '10:15'], ['10:15', '11:00'], ['11:00', '11:40']);
    const result = plan(input({ busy, horizonDays: 1 }));
    const [first] = result.breaks;
    // The rest of the day is shared evenly after the recovery break.
    expect(localTimes(result.breaks)).toEqual(['Mon 11:45', 'Mon 13:04', 'Mon 14:23', 'Mon 15:42']);
    expect(first!.reason).toMatch(
      /^After 2 h 40 min of back-to-back meetings: a break at the first free moment\. Eye rest after 2 h 40 min of meetings\.$/,
    );
    expect(typeOf.get(first!.activityId)).toBe('eye-rest');
    // An 80-minute run is long enough since the threshold is 60 minutes: 11:45, 5 minutes after it.
    const shorter = plan(input({ busy: meetings('2026-11-23', ['10:20', '11:40']), horizonDays: 1 }));
    expect(localTimes(shorter.breaks)).toEqual(['Mon 10:17', 'Mon 11:45', 'Mon 13:30', 'Mon 15:15']);
    // A 50-minute run is not.
    const short = plan(input({ busy: meetings('2026-11-23', ['10:20', '11:10']), horizonDays: 1 }));
    expect(short.breaks.every((b) => !b.reason.startsWith('After'))).toBe(true);
  });

  it('the day pictured in the README', () => {
    const busy = meetings(
      '2026-11-23',
      ['09:00', '09:45'],
      ['09:45', '11:00'],
      ['12:20', '13:00'],
      ['13:40', '14:00'],
      ['14:06', '15:30'],
      ['15:45', '16:00'],
    );
    const result = plan(input({ busy, horizonDays: 1, seed: 3 }));
    expect(localTimes(result.breaks)).toEqual(['Mon 11:05', 'Mon 12:17', 'Mon 13:37', 'Mon 15:35']);
    expect(typeOf.get(result.breaks[0]!.activityId)).toBe('eye-rest');
  });

  it('a long stretch without a break gets a movement break', () => {
    const result = plan(input({ breaksPerDay: 3, horizonDays: 1, workStart: '08:00', workEnd: '18:00' }));
    // 10 hours, 3 breaks: stretches of 2 h 30 min, each long enough to call for movement (120 minutes or more).
    expect(localTimes(result.breaks)).toEqual(['Mon 10:30', 'Mon 13:00', 'Mon 15:30']);
    for (const b of result.breaks) {
      expect(MOVEMENT_TYPES).toContain(typeOf.get(b.activityId));
      expect(b.reason).toMatch(/Time to move: 2 h \d+ min without a break\.$/);
    }
  });

  it('a day whose only gap is 4 minutes gets one short activity there, with smaller buffers', () => {
    const busy = meetings('2026-11-23', ['08:30', '12:00'], ['12:04', '17:30']);
    const result = plan(input({ busy, horizonDays: 1 }));
    expect(result.breaks).toHaveLength(1);
    const [only] = result.breaks;
    expect(only!.duration).toBe(1);
    expect(only!.start).toBeGreaterThanOrEqual(at('2026-11-23T12:01'));
    expect(only!.start + 60_000).toBeLessThanOrEqual(at('2026-11-23T12:03'));
    expect(only!.reason).toContain('The gap is tight, so a 1-minute activity with shorter buffers.');
    expect(result.shortfalls).toEqual([
      {
        date: '2026-11-23',
        asked: 4,
        placed: 1,
        reason: 'Meetings leave room for only 1 break between 09:00 and 17:00, with breaks at least 30 minutes apart.',
      },
    ]);
  });

  it('a 9-minute gap gets an activity short enough to keep the full buffers', () => {
    const busy = meetings('2026-11-23', ['08:30', '12:00'], ['12:09', '17:30']);
    const [only] = plan(input({ busy, horizonDays: 1 })).breaks;
    // 5 minutes after, 2 before: 2 minutes fit.
    expect(localTimes([only!])).toEqual(['Mon 12:05']);
    expect(only!.duration).toBeLessThanOrEqual(2);
    expect(only!.reason).toContain('fits this short gap');
  });

  it('a day with no room says so, with the work hours', () => {
    const busy = meetings('2026-11-23', ['08:30', '12:00'], ['12:02', '17:30']);
    const result = plan(input({ busy, horizonDays: 1 }));
    expect(result.breaks).toEqual([]);
    expect(result.shortfalls).toEqual([
      { date: '2026-11-23', asked: 4, placed: 0, reason: 'Meetings leave no gap of 3 minutes or more between 09:00 and 17:00.' },
    ]);
  });

  it('an empty activity pool places nothing and says why', () => {
    const result = plan(input({ activities: [], horizonDays: 1 }));
    expect(result.shortfalls).toEqual([
      { date: '2026-11-23', asked: 4, placed: 0, reason: 'No break activities fit your library and equipment settings.' },
    ]);
  });
});

describe('placeBreaks: time', () => {
  it('never plans in the past: today fills what is left of the day, at least the lead time after now', () => {
    const now = at('2026-11-23T13:02');
    const result = plan(input({ now, horizonDays: 1 }));
    expect(result.breaks.every((b) => b.start >= now + RULES.leadTimeMinutes * 60_000)).toBe(true);
    // 4 breaks between 13:07 and 17:00.
    expect(localTimes(result.breaks)).toEqual(['Mon 13:53', 'Mon 14:40', 'Mon 15:27', 'Mon 16:14']);
  });

  it('after work hours, today is over and says so', () => {
    const result = plan(input({ now: at('2026-11-23T18:00'), horizonDays: 2 }));
    expect(localTimes(result.breaks)).toEqual(['Tue 10:36', 'Tue 12:12', 'Tue 13:48', 'Tue 15:24']);
    expect(result.shortfalls).toEqual([
      { date: '2026-11-23', asked: 4, placed: 0, reason: 'Your work hours today (09:00–17:00) are over.' },
    ]);
  });

  const dstWeeks: [string, string, string, string][] = [
    // zone, a Monday before the change, the date of the change, the weekday labels expected
    [BERLIN, '2026-03-23T06:00', '2026-03-29', 'CET → CEST'],
    [BERLIN, '2026-10-19T06:00', '2026-10-25', 'CEST → CET'],
    ['America/New_York', '2026-03-02T06:00', '2026-03-08', 'EST → EDT'],
    ['America/New_York', '2026-10-26T06:00', '2026-11-01', 'EDT → EST'],
  ];
  it.each(dstWeeks)('a DST week in %s (%s, change on %s, %s): breaks keep their local times', (zone, monday) => {
    // A 7-day horizon with every day a work day crosses the Sunday change.
    const given = input({ timeZone: zone, now: at(monday, zone), horizonDays: 7, workDays: [1, 2, 3, 4, 5, 6, 7] });
    const result = plan(given);
    expect(result.shortfalls).toEqual([]);
    const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
    expect(localTimes(result.breaks, zone)).toEqual(
      days.flatMap((d) => [`${d} 10:36`, `${d} 12:12`, `${d} 13:48`, `${d} 15:24`]),
    );
    const offsets = new Set(result.breaks.map((b) => DateTime.fromMillis(b.start, { zone }).offset));
    expect(offsets.size).toBe(2);
  });

  it('a meeting at a fixed UTC time moves in local time across the change, and the break follows the gap', () => {
    // 09:00–12:00 UTC: 10:00–13:00 CET on Friday, 11:00–14:00 CEST on Monday after the change.
    const busy = [
      { start: Date.parse('2026-03-27T09:00:00Z'), end: Date.parse('2026-03-27T12:00:00Z') },
      { start: Date.parse('2026-03-30T09:00:00Z'), end: Date.parse('2026-03-30T12:00:00Z') },
    ];
    const result = plan(input({ now: at('2026-03-27T06:00'), busy, horizonDays: 4 }));
    const afterRun = result.breaks.filter((b) => b.reason.startsWith('After 3 hours of back-to-back meetings'));
    expect(localTimes(afterRun)).toEqual(['Fri 13:05', 'Mon 14:05']);
  });
});

describe('placeBreaks: existing sessions', () => {
  const completed = (local: string, activityId = 'palming'): ExistingBreak => ({
    start: at(local),
    duration: 2,
    status: 'completed',
    activityId,
  });

  it('completed and skipped sessions count toward their day and are never moved; other breaks keep their distance', () => {
    const existing: ExistingBreak[] = [
      completed('2026-11-23T09:40'),
      { start: at('2026-11-23T14:00'), duration: 1, status: 'skipped', activityId: 'chin-tuck' },
    ];
    const now = at('2026-11-23T11:00');
    const result = plan(input({ now, existing, horizonDays: 1 }));
    expect(result.breaks).toHaveLength(2);
    for (const b of result.breaks) {
      expect(Math.abs(b.start - at('2026-11-23T14:00'))).toBeGreaterThanOrEqual(31 * 60_000);
    }
  });

  it('a day that already has its breaks gets none; a missed break from earlier today still counts', () => {
    const done = ['09:30', '11:00', '13:00', '14:30'].map((t) => completed(`2026-11-23T${t}`));
    expect(onDay(plan(input({ now: at('2026-11-23T15:00'), existing: done })).breaks, '2026-11-23')).toEqual([]);
    const missed: ExistingBreak = { start: at('2026-11-23T10:00'), duration: 1, status: 'scheduled', activityId: 'chin-tuck' };
    const result = plan(input({ now: at('2026-11-23T11:00'), existing: [missed], horizonDays: 1 }));
    expect(result.breaks).toHaveLength(3);
  });

  it('future scheduled sessions are what a re-plan replaces: they are not obstacles, and planning again changes nothing', () => {
    const first = plan(input());
    const stored = first.breaks.map((b) => ({ ...b, status: 'scheduled' as const }));
    expect(plan(input({ existing: stored }))).toEqual(first);
    // A stray scheduled break in the middle of the morning is ignored too.
    const stray: ExistingBreak = { start: at('2026-11-23T10:00'), duration: 4, status: 'scheduled', activityId: 'palming' };
    expect(plan(input({ existing: [stray] }))).toEqual(first);
  });

  it('the activity after a kept session is a different one', () => {
    const existing = [completed('2026-11-23T07:30', 'palming')];
    const only = [
      { id: 'palming', type: 'eye-rest', duration: 2 },
      { id: 'chin-tuck', type: 'stretch', duration: 1 },
    ];
    const result = plan(input({ existing, activities: only, horizonDays: 1 }));
    expect(result.breaks[0]!.activityId).toBe('chin-tuck');
  });
});

describe('placeBreaks: input handling', () => {
  it('gives the same plan for meetings in any order and for overlapping meetings', () => {
    const busy = meetings('2026-11-23', ['09:00', '10:00'], ['09:30', '11:30'], ['13:00', '13:20'], ['15:00', '15:40']);
    const sorted = placeBreaks(input({ busy }));
    expect(placeBreaks(input({ busy: [...busy].reverse() }))).toEqual(sorted);
  });

  it('treats an unknown time zone as UTC rather than failing', () => {
    const result = plan(input({ timeZone: 'Mars/Olympus_Mons', horizonDays: 1, now: Date.parse('2026-11-23T07:00:00Z') }));
    expect(localTimes(result.breaks, 'UTC')).toEqual(['Mon 10:36', 'Mon 12:12', 'Mon 13:48', 'Mon 15:24']);
  });

  it('reports invalid work hours instead of placing anything', () => {
    const result = placeBreaks(input({ workStart: '17:00', workEnd: '09:00', horizonDays: 1 }));
    expect(result.breaks).toEqual([]);
    expect(result.shortfalls[0]!.reason).toBe('Work hours 17:00–09:00 are not a valid range.');
  });

  it('uses the seed for variety: another seed may pick other activities, never other times', () => {
    const a = placeBreaks(input({ seed: 1 }));
    const b = placeBreaks(input({ seed: 2 }));
    expect(b.breaks.map((x) => x.start)).toEqual(a.breaks.map((x) => x.start));
    expect(b.breaks.map((x) => x.activityId)).not.toEqual(a.breaks.map((x) => x.activityId));
  });
});
