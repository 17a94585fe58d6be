import type { BreakOutcomeRow, BusySpanRow } from '@breaker/db';
import { describe, expect, it } from 'vitest';
import { analyticsWindowStart, summariseAnalytics } from './analytics-summary.js';

/** Wednesday 18 November 2026, 15:00 in New York (20:00 UTC). */
const NOW = new Date('2026-11-18T20:00:00Z');
const ZONE = 'America/New_York';

let nextId = 0;
function aBreak(
  scheduled: string,
  outcome: 'completed' | 'skipped' | 'untouched',
  type = 'stretch',
  duration = 3,
): BreakOutcomeRow {
  nextId += 1;
  const scheduledTime = new Date(scheduled);
  return {
    id: `b${nextId}`,
    scheduled_time: scheduledTime,
    duration,
    completed_at: outcome === 'completed' ? new Date(scheduledTime.getTime() + duration * 60_000) : null,
    skipped: outcome === 'skipped',
    activity_name: `${type} activity`,
    activity_type: type,
  };
}

function meeting(start: string, end: string): BusySpanRow {
  return { start_time: new Date(start), end_time: new Date(end) };
}

describe('analytics window', () => {
  it('starts at local midnight of the Monday seven weeks before this one', () => {
    // Monday 28 September 2026, 00:00 in New York (EDT, UTC-4).
    expect(analyticsWindowStart(NOW, ZONE).toISOString()).toBe('2026-09-28T04:00:00.000Z');
  });

  it('counts an unknown zone as UTC', () => {
    const summary = summariseAnalytics({ now: NOW, timeZone: 'Mars/Olympus', breaks: [], meetings: [] });
    expect(summary.timeZone).toBe('UTC');
    expect(summary.from).toBe('2026-09-28');
  });
});

describe('summariseAnalytics', () => {
  it('has one entry per local day and week of the window, all empty for a new user', () => {
    const summary = summariseAnalytics({ now: NOW, timeZone: ZONE, breaks: [], meetings: [] });
    expect(summary.from).toBe('2026-09-28');
    expect(summary.to).toBe('2026-11-18');
    expect(summary.days).toHaveLength(7 * 7 + 3);
    expect(summary.weeks.map((week) => week.weekStart)).toEqual([
      '2026-09-28',
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);
    expect(summary.totals).toEqual({ planned: 0, completed: 0, skipped: 0, missed: 0, rate: null });
    expect(summary.streak).toEqual({ current: 0, longest: 0 });
    expect(summary.history).toEqual([]);
    expect(summary.meetingLoad.map((band) => band.days)).toEqual([0, 0, 0, 0]);
  });

  it('counts taken, skipped and missed breaks on the local day, and leaves breaks still to come out', () => {
    const breaks = [
      // 23:30 UTC on the 17th is 18:30 on the 17th in New York.
      aBreak('2026-11-17T23:30:00Z', 'completed'),
      aBreak('2026-11-18T14:00:00Z', 'completed', 'eye-rest'),
      aBreak('2026-11-18T16:00:00Z', 'skipped', 'walk'),
      aBreak('2026-11-18T18:00:00Z', 'untouched', 'walk'),
      // Still to come: 16:00 in New York, after "now".
      aBreak('2026-11-18T21:00:00Z', 'untouched'),
      // Tomorrow, taken early: outside the window, which ends today.
      aBreak('2026-11-19T15:00:00Z', 'completed'),
    ];
    const summary = summariseAnalytics({ now: NOW, timeZone: ZONE, breaks, meetings: [] });
    const byDay = new Map(summary.days.map((day) => [day.day, day]));
    expect(byDay.get('2026-11-17')).toMatchObject({ planned: 1, completed: 1, rate: 1 });
    expect(byDay.get('2026-11-18')).toMatchObject({ planned: 3, completed: 1, skipped: 1, missed: 1 });
    expect(byDay.get('2026-11-18')?.rate).toBeCloseTo(1 / 3);
    expect(summary.totals).toMatchObject({ planned: 4, completed: 2, skipped: 1, missed: 1, rate: 0.5 });
    expect(summary.weeks.at(-1)).toMatchObject({ weekStart: '2026-11-16', planned: 4, completed: 2, rate: 0.5 });
    expect(summary.history.map((entry) => entry.outcome)).toEqual(['missed', 'skipped', 'completed', 'completed']);
    expect(summary.history[0]).toMatchObject({ activityName: 'walk activity', activityType: 'walk', duration: 3 });
  });

  it('mixes break types by planned count, with the taken ones', () => {
    const breaks = [
      aBreak('2026-11-16T14:00:00Z', 'completed', 'walk'),
      aBreak('2026-11-16T15:00:00Z', 'skipped', 'walk'),
      aBreak('2026-11-16T16:00:00Z', 'completed', 'eye-rest'),
    ];
    const summary = summariseAnalytics({ now: NOW, timeZone: ZONE, breaks, meetings: [] });
    expect(summary.typeMix).toEqual([
      { type: 'walk', planned: 2, completed: 1 },
      { type: 'eye-rest', planned: 1, completed: 1 },
    ]);
  });

  it('counts streaks over days with breaks, passing over days without any and not ending on a day still running', () => {
    const breaks = [
      aBreak('2026-11-09T15:00:00Z', 'completed'),
      aBreak('2026-11-10T15:00:00Z', 'completed'),
      aBreak('2026-11-11T15:00:00Z', 'completed'),
      // The 12th: planned, none taken: the run ends.
      aBreak('2026-11-12T15:00:00Z', 'skipped'),
      aBreak('2026-11-13T15:00:00Z', 'completed'),
      // The weekend has no breaks planned and does not break the run.
      aBreak('2026-11-16T15:00:00Z', 'completed'),
      aBreak('2026-11-17T15:00:00Z', 'completed'),
      // Today: one missed so far, but the day is still running.
      aBreak('2026-11-18T14:00:00Z', 'untouched'),
    ];
    const summary = summariseAnalytics({ now: NOW, timeZone: ZONE, breaks, meetings: [] });
    expect(summary.streak).toEqual({ current: 3, longest: 3 });
  });

  it('counts a break of later today taken early', () => {
    const breaks = [aBreak('2026-11-18T22:00:00Z', 'completed'), aBreak('2026-11-18T23:00:00Z', 'skipped')];
    const summary = summariseAnalytics({ now: NOW, timeZone: ZONE, breaks, meetings: [] });
    expect(summary.totals).toMatchObject({ planned: 2, completed: 1, skipped: 1, missed: 0 });
    expect(summary.streak.current).toBe(1);
  });

  it('ends the current streak on a past day with breaks and none taken', () => {
    const breaks = [
      aBreak('2026-11-16T15:00:00Z', 'completed'),
      aBreak('2026-11-17T15:00:00Z', 'untouched'),
      aBreak('2026-11-18T14:00:00Z', 'completed'),
    ];
    expect(summariseAnalytics({ now: NOW, timeZone: ZONE, breaks, meetings: [] }).streak).toEqual({
      current: 1,
      longest: 1,
    });
  });

  it('adds busy minutes per local day, overlaps once, split at local midnight', () => {
    const meetings = [
      // 09:00–11:00 and 10:00–12:00 in New York on the 16th: three busy hours, not four.
      meeting('2026-11-16T14:00:00Z', '2026-11-16T16:00:00Z'),
      meeting('2026-11-16T15:00:00Z', '2026-11-16T17:00:00Z'),
      // 23:00 on the 16th to 01:00 on the 17th: one hour each side of midnight.
      meeting('2026-11-17T04:00:00Z', '2026-11-17T06:00:00Z'),
      // Before the window: ignored.
      meeting('2026-09-01T14:00:00Z', '2026-09-01T15:00:00Z'),
    ];
    const summary = summariseAnalytics({ now: NOW, timeZone: ZONE, breaks: [], meetings });
    const byDay = new Map(summary.days.map((day) => [day.day, day.busyMinutes]));
    expect(byDay.get('2026-11-16')).toBe(4 * 60);
    expect(byDay.get('2026-11-17')).toBe(60);
    expect(summary.days.reduce((sum, day) => sum + day.busyMinutes, 0)).toBe(5 * 60);
  });

  it('sets completion against meeting load by busy-hour band, for days with breaks planned', () => {
    const breaks = [
      aBreak('2026-11-16T19:00:00Z', 'completed'),
      aBreak('2026-11-16T19:30:00Z', 'completed'),
      aBreak('2026-11-17T19:00:00Z', 'completed'),
      aBreak('2026-11-17T19:30:00Z', 'untouched'),
    ];
    const meetings = [
      // The 16th: one hour of meetings. The 17th: seven hours.
      meeting('2026-11-16T14:00:00Z', '2026-11-16T15:00:00Z'),
      meeting('2026-11-17T13:00:00Z', '2026-11-17T20:00:00Z'),
      // The 13th has meetings but no breaks: it counts in no band.
      meeting('2026-11-13T13:00:00Z', '2026-11-13T20:00:00Z'),
    ];
    const summary = summariseAnalytics({ now: NOW, timeZone: ZONE, breaks, meetings });
    expect(summary.meetingLoad).toEqual([
      { label: 'Under 2 h', days: 1, planned: 2, completed: 2, rate: 1 },
      { label: '2 to 4 h', days: 0, planned: 0, completed: 0, rate: null },
      { label: '4 to 6 h', days: 0, planned: 0, completed: 0, rate: null },
      { label: '6 h or more', days: 1, planned: 2, completed: 1, rate: 0.5 },
    ]);
  });

  it('follows the time zone across a daylight-saving change', () => {
    // New York left daylight saving time on 1 November 2026: that Sunday lasted 25 hours.
    const meetings = [meeting('2026-11-01T04:00:00Z', '2026-11-02T05:00:00Z')];
    const summary = summariseAnalytics({ now: NOW, timeZone: ZONE, breaks: [], meetings });
    const byDay = new Map(summary.days.map((day) => [day.day, day.busyMinutes]));
    expect(byDay.get('2026-11-01')).toBe(25 * 60);
    expect(byDay.get('2026-11-02')).toBe(0);
  });

  it('keeps the newest past breaks in the history, newest first, up to its limit', () => {
    const breaks = Array.from({ length: 70 }, (_, index) =>
      aBreak(new Date(Date.parse('2026-11-01T15:00:00Z') + index * 3_600_000).toISOString(), 'completed'),
    );
    const summary = summariseAnalytics({ now: NOW, timeZone: ZONE, breaks, meetings: [] });
    expect(summary.history).toHaveLength(60);
    expect(summary.history[0]?.id).toBe(breaks.at(-1)?.id);
    expect(summary.totals.completed).toBe(70);
  });

  it('measures the longest sitting stretch of work days with breaks planned, before and after the breaks taken', () => {
    const breaks = [
      // Saturday the 14th is a work day here: noon splits 09:00–17:00.
      aBreak('2026-11-14T17:00:00Z', 'completed', 'walk', 4),
      // Sunday is not a work day, and the 12th had no breaks planned.
      aBreak('2026-11-15T17:00:00Z', 'completed'),
      // Today counts up to now, 15:00: taken 10:00–10:03.
      aBreak('2026-11-18T15:00:00Z', 'completed'),
      // Still to come today: it cuts nothing.
      aBreak('2026-11-18T21:00:00Z', 'untouched'),
      // Monday the 16th: taken at 13:00; a meeting runs on to 18:30.
      aBreak('2026-11-16T18:00:00Z', 'completed', 'walk', 5),
      // Tuesday the 17th: skipped, so the day was one stretch.
      aBreak('2026-11-17T15:00:00Z', 'skipped'),
    ];
    const meetings = [
      meeting('2026-11-16T21:00:00Z', '2026-11-16T23:30:00Z'),
      meeting('2026-11-12T14:00:00Z', '2026-11-12T20:00:00Z'),
    ];
    const work = { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5, 6] };
    const summary = summariseAnalytics({ now: NOW, timeZone: ZONE, breaks, meetings, work });
    expect(summary.sittingStretches).toEqual([
      { day: '2026-11-14', beforeMinutes: 480, afterMinutes: 296 },
      { day: '2026-11-16', beforeMinutes: 570, afterMinutes: 325 },
      { day: '2026-11-17', beforeMinutes: 480, afterMinutes: 480 },
      { day: '2026-11-18', beforeMinutes: 360, afterMinutes: 297 },
    ]);
  });
});
