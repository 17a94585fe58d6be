import { CHOOSABLE_BLOCKING_STATUSES, MEETING_STATUSES, type MeetingStatus } from '@breaker/api-contract';
import {
  preferencesRow,
  type BreakActivityRow,
  type BreakSessionRow,
  type CalendarEventRow,
  type NewPreferences,
  type PreferencesRow,
} from '@breaker/db';
import { placeBreaks, verifyPlacement, workDayFrames, type PlacementInput } from '@breaker/scheduler';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { activityPool, buildPlacementInput, planningSeed, planningWindow } from './placement-input.js';

function activity(id: string, type: string, equipment: string, duration = 2): BreakActivityRow {
  return { id, name: id, type, duration, difficulty: 'easy', equipment, summary: '', instructions: [], sort_order: 0 };
}

/** Every equipment text of the catalogue, one activity each. */
const catalogue = [
  activity('neck', 'stretch', 'none'),
  activity('edge', 'stretch', 'a desk edge'),
  activity('wall', 'exercise', 'a wall'),
  activity('desk', 'exercise', 'a sturdy desk'),
  activity('stairs', 'walk', 'stairs'),
  activity('window', 'eye-rest', 'a window'),
  activity('bottle', 'walk', 'a water bottle'),
  activity('split', 'exercise', 'a sturdy desk and a chair without wheels'),
  activity('chair', 'exercise', 'a sturdy chair'),
  activity('note', 'mindfulness', 'a pen and paper, or a notes app'),
  activity('door', 'stretch', 'a doorway'),
  activity('sip', 'mindfulness', 'a cup of tea, coffee or water'),
  activity('breath', 'breathing', 'none'),
];

function preferences(overrides: Partial<NewPreferences> = {}): PreferencesRow {
  return preferencesRow('u', {
    break_frequency: 4,
    work_start_time: '09:00',
    selected_exercise: null,
    timezone: 'Europe/Berlin',
    ...overrides,
  });
}

const ids = (rows: readonly BreakActivityRow[]) => rows.map((r) => r.id);

describe('the activity pool and the equipment rule', () => {
  it('keeps what needs nothing or only what every office has; drops the rest unless the user lists it', () => {
    expect(ids(activityPool(preferences(), catalogue))).toEqual(ids(catalogue).filter((id) => id !== 'stairs'));
    expect(ids(activityPool(preferences({ equipment: ['none', 'Stairs'] }), catalogue))).toContain('stairs');
  });

  it('an office item the user says they lack is dropped', () => {
    const pool = ids(activityPool(preferences({ equipment: ['no wall', 'without a desk'] }), catalogue));
    expect(pool).not.toContain('wall');
    expect(pool).not.toContain('edge');
    expect(pool).not.toContain('desk');
    expect(pool).not.toContain('split');
    expect(pool).toContain('chair');
    expect(pool).toContain('neck');
  });

  it('the saved library, else the preferred types, else the whole catalogue — each narrowed by equipment', () => {
    expect(ids(activityPool(preferences({ selected_activities: ['wall', 'breath', 'gone'] }), catalogue))).toEqual([
      'wall',
      'breath',
    ]);
    expect(ids(activityPool(preferences({ break_types: ['eye-rest', 'breathing'] }), catalogue))).toEqual(['window', 'breath']);
    // A library with only stair activities, for someone without stairs: the preferred types take over.
    expect(ids(activityPool(preferences({ selected_activities: ['stairs'], break_types: ['breathing'] }), catalogue))).toEqual([
      'breath',
    ]);
    expect(ids(activityPool(preferences({ selected_activities: ['stairs'] }), catalogue))).toHaveLength(catalogue.length - 1);
  });
});

describe('buildPlacementInput', () => {
  it('turns database rows into epoch-millisecond input: busy events only (calls marked), session status and pins, clamped breaks per day, a daily seed', () => {
    const now = new Date('2026-11-23T06:00:00Z');
    const prefs = preferences({ break_frequency: 9 });
    const window = planningWindow(prefs, now);
    expect(window).toEqual({
      from: new Date('2026-11-22T23:00:00Z'),
      to: new Date('2026-11-28T23:00:00Z'),
      timeZone: 'Europe/Berlin',
    });
    const event = (id: string, blocks: boolean, call = false): CalendarEventRow => ({
      id,
      user_id: 'u',
      connection_id: 'c',
      calendar_id: 'primary',
      external_id: id,
      title: id,
      start_time: new Date('2026-11-23T09:00:00Z'),
      end_time: new Date('2026-11-23T10:00:00Z'),
      is_all_day: false,
      blocks_time: blocks,
      show_as: 'busy',
      call,
      updated_at: now,
    });
    const session = (completed: boolean, skipped: boolean, pinned = false, at = '08:00'): BreakSessionRow => ({
      id: 's',
      user_id: 'u',
      activity_id: 'neck',
      scheduled_time: new Date(`2026-11-23T${at}:00Z`),
      duration: 2,
      completed_at: completed ? now : null,
      skipped,
      pinned,
      placement_reason: null,
      scheduling_run_id: null,
      reminded_for: null,
      created_at: now,
    });
    const input = buildPlacementInput({
      userId: 'u',
      preferences: prefs,
      window,
      events: [event('busy', true, true), event('free', false, true)],
      existing: [
        session(true, false),
        session(false, true),
        session(false, false),
        session(false, false, true),
        session(false, false, true, '08:59'),
        session(false, false, true, '09:59'),
        session(false, false, true, '10:00'),
      ],
      catalogue,
      now,
    });
    expect(input.now).toBe(now.getTime());
    expect(input.breaksPerDay).toBe(5);
    expect(input.busy).toEqual([
      { start: Date.parse('2026-11-23T09:00:00Z'), end: Date.parse('2026-11-23T10:00:00Z'), call: true },
    ]);
    expect(input.existing.map((e) => e.status)).toEqual(['completed', 'skipped', ...new Array<string>(5).fill('scheduled')]);
    // Pinned breaks stay pinned unless the busy meeting (09:00–10:00) now overlaps them.
    expect(input.existing.map((e) => e.pinned)).toEqual([false, false, false, true, false, false, true]);
    expect(input.existing[0]!.start).toBe(Date.parse('2026-11-23T08:00:00Z'));
    expect(input.activities).toHaveLength(catalogue.length - 1);
    expect(input.seed).toBe(planningSeed('u', '2026-11-23'));
  });
});

describe("which meetings block breaks: the user's setting over each stored status", () => {
  const now = new Date('2026-11-23T06:00:00Z');
  const meeting = (index: number, showAs: MeetingStatus, blocks = true): CalendarEventRow => ({
    id: `m${index}`,
    user_id: 'u',
    connection_id: 'c',
    calendar_id: 'primary',
    external_id: `m${index}`,
    title: showAs,
    start_time: new Date(Date.parse('2026-11-23T09:00:00Z') + index * 3_600_000),
    end_time: new Date(Date.parse('2026-11-23T09:30:00Z') + index * 3_600_000),
    is_all_day: false,
    blocks_time: blocks,
    show_as: showAs,
    call: false,
    updated_at: now,
  });
  const busyTitles = (prefs: PreferencesRow, events: readonly CalendarEventRow[]) => {
    const input = buildPlacementInput({
      userId: 'u',
      preferences: prefs,
      window: planningWindow(prefs, now),
      events,
      existing: [],
      catalogue,
      now,
    });
    return input.busy.map((b) => events.find((e) => e.start_time.getTime() === b.start)!.title);
  };
  const everyStatus = MEETING_STATUSES.map((status, index) => meeting(index, status));

  it('blocks busy, tentative and out-of-office meetings by default; working elsewhere and free ones never by default', () => {
    expect(busyTitles(preferences(), everyStatus)).toEqual(['busy', 'tentative', 'outOfOffice']);
  });

  it('follows the setting: busy always, free never, the others as chosen', () => {
    expect(busyTitles(preferences({ blocking_statuses: [] }), everyStatus)).toEqual(['busy']);
    expect(busyTitles(preferences({ blocking_statuses: ['workingElsewhere'] }), everyStatus)).toEqual([
      'busy',
      'workingElsewhere',
    ]);
    expect(busyTitles(preferences({ blocking_statuses: [...CHOOSABLE_BLOCKING_STATUSES] }), everyStatus)).toEqual([
      'busy',
      'tentative',
      'outOfOffice',
      'workingElsewhere',
    ]);
  });

  it('never blocks a meeting that may not block (declined, an all-day marker), whatever the setting', () => {
    const declined = MEETING_STATUSES.map((status, index) => meeting(index, status, false));
    expect(busyTitles(preferences({ blocking_statuses: [...CHOOSABLE_BLOCKING_STATUSES] }), declined)).toEqual([]);
  });

  it('property: choosing more statuses only ever adds blocked time, and exactly the meetings of the chosen statuses', () => {
    const status = fc.constantFrom(...MEETING_STATUSES);
    const chosen = fc.subarray([...CHOOSABLE_BLOCKING_STATUSES]);
    fc.assert(
      fc.property(fc.array(fc.tuple(status, fc.boolean()), { maxLength: 8 }), chosen, chosen, (shapes, some, more) => {
        const events = shapes.map(([showAs, blocks], index) => meeting(index, showAs, blocks));
        const wider: string[] = [...new Set([...some, ...more])];
        const narrow = busyTitles(preferences({ blocking_statuses: some }), events);
        const wide = busyTitles(preferences({ blocking_statuses: wider }), events);
        expect(narrow.every((title) => wide.includes(title))).toBe(true);
        const expected = events.filter((e) => e.blocks_time && (e.show_as === 'busy' || wider.includes(e.show_as)));
        expect(wide).toEqual(expected.map((e) => e.title));
      }),
    );
  });
});

describe('pinned breaks after the work hours, work days or breaks per day change', () => {
  // Monday 2026-11-23, 07:00 in Berlin; the user now works 10:00–16:00, Monday to Thursday.
  const now = new Date('2026-11-23T06:00:00Z');
  const newHours = preferences({ work_start_time: '10:00', work_end_time: '16:00', work_days: [1, 2, 3, 4] });
  const berlin = (local: string): Date => DateTime.fromISO(local, { zone: 'Europe/Berlin' }).toJSDate();

  function pinned(local: string, overrides: Partial<BreakSessionRow> = {}): BreakSessionRow {
    return {
      id: local,
      user_id: 'u',
      activity_id: 'neck',
      scheduled_time: berlin(local),
      duration: 2,
      completed_at: null,
      skipped: false,
      pinned: true,
      placement_reason: 'Moved here by you.',
      scheduling_run_id: null,
      reminded_for: null,
      created_at: now,
      ...overrides,
    };
  }

  function inputFor(prefs: PreferencesRow, existing: readonly BreakSessionRow[]): PlacementInput {
    const window = planningWindow(prefs, now);
    return buildPlacementInput({ userId: 'u', preferences: prefs, window, events: [], existing, catalogue, now });
  }

  /** The plan's new breaks of one local day. */
  const onDay = (input: PlacementInput, date: string) =>
    placeBreaks(input).breaks.filter((b) => DateTime.fromMillis(b.start, { zone: 'Europe/Berlin' }).toISODate() === date);

  it('drops the pin of a break before work start, after work end or on a day no longer a work day, and keeps the others', () => {
    const input = inputFor(newHours, [
      pinned('2026-11-23T08:30'),
      pinned('2026-11-23T10:00'),
      pinned('2026-11-23T15:58'),
      pinned('2026-11-23T15:59'),
      pinned('2026-11-23T16:30'),
      pinned('2026-11-26T11:00'),
      pinned('2026-11-27T11:00'),
      // Already past, or already taken: nothing is planned again in their place, so they stay as they are.
      pinned('2026-11-23T06:30'),
      pinned('2026-11-23T09:00', { completed_at: now }),
    ]);
    expect(input.existing.map((e) => e.pinned)).toEqual([false, true, true, false, false, true, false, true, true]);
  });

  it('plans the breaks whose pin it dropped again inside the new hours, around the pins that hold', () => {
    const input = inputFor(newHours, [
      pinned('2026-11-23T08:30'),
      pinned('2026-11-23T12:00'),
      pinned('2026-11-23T16:30'),
      pinned('2026-11-27T11:00'),
    ]);
    const result = placeBreaks(input);
    expect(verifyPlacement(input, result)).toEqual([]);
    const frames = workDayFrames(input);
    expect(frames.map((f) => f.date)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']);
    for (const b of result.breaks) {
      expect(
        frames.some((f) => b.start >= f.workStart && b.start + b.duration * 60_000 <= f.workEnd),
        new Date(b.start).toISOString(),
      ).toBe(true);
    }
    // Monday: the 12:00 pin and 3 new breaks make the 4 asked; Friday gets nothing back.
    expect(onDay(input, '2026-11-23')).toHaveLength(3);
    expect(result.shortfalls).toEqual([]);
  });

  it('keeps every pin of a day with more pins than breaks per day and adds none there', () => {
    const mondayPins = ['10:30', '12:00', '13:30', '15:00'].map((at) => pinned(`2026-11-23T${at}`));
    const input = inputFor({ ...newHours, break_frequency: 3 }, mondayPins);
    expect(input.breaksPerDay).toBe(3);
    expect(input.existing.every((e) => e.pinned)).toBe(true);
    const result = placeBreaks(input);
    expect(verifyPlacement(input, result)).toEqual([]);
    expect(onDay(input, '2026-11-23')).toEqual([]);
    expect(onDay(input, '2026-11-24')).toHaveLength(3);
    expect(result.shortfalls).toEqual([]);
  });
});
