import type { BreakSession, CalendarEvent } from '@breaker/api-contract';
import { describe, expect, it } from 'vitest';
import { planWeek } from './place-items';

const ZONE = 'Europe/Berlin';
const MONDAY = '2026-11-23';

function meeting(id: string, startTime: string, endTime: string, isAllDay = false): CalendarEvent {
  return { id, title: id, startTime, endTime, isAllDay, blocksTime: true, showAs: 'busy' };
}

function breakAt(id: string, scheduledTime: string, duration: number): BreakSession {
  return {
    id,
    scheduledTime,
    duration,
    completedAt: null,
    skipped: false,
    pinned: false,
    activityId: 'a',
    placementReason: null,
    activity: {
      id: 'a',
      name: 'Box Breathing',
      type: 'breathing',
      instructions: '',
      steps: [],
      duration,
      difficulty: 'easy',
      equipment: 'none',
    },
  };
}

const base = { days: [MONDAY, '2026-11-24'], timeZone: ZONE, workStartTime: '09:00', workEndTime: '17:00' };

describe('planWeek', () => {
  it('keeps the spec hours 8 to 19 when everything fits', () => {
    const plan = planWeek({ ...base, events: [], breaks: [] });
    expect([plan.firstHour, plan.lastHour]).toEqual([8, 19]);
  });

  it('grows the hour range for early work hours and late items instead of dropping them', () => {
    const plan = planWeek({
      ...base,
      workStartTime: '07:00',
      events: [meeting('late', '2026-11-23T19:00:00Z', '2026-11-23T20:00:00Z')],
      breaks: [],
    });
    expect([plan.firstHour, plan.lastHour]).toEqual([7, 20]);
  });

  it('places items by minutes in the user zone', () => {
    const plan = planWeek({ ...base, events: [], breaks: [breakAt('b', '2026-11-23T09:30:00Z', 2)] });
    expect(plan.days[0]?.items).toMatchObject([{ kind: 'break', start: 10 * 60 + 30, end: 10 * 60 + 32 }]);
    expect(plan.days[1]?.items).toEqual([]);
  });

  it('splits a meeting over midnight between its two days', () => {
    const plan = planWeek({ ...base, events: [meeting('night', '2026-11-23T21:00:00Z', '2026-11-24T01:00:00Z')], breaks: [] });
    expect(plan.days[0]?.items).toMatchObject([{ start: 22 * 60, end: 24 * 60 }]);
    expect(plan.days[1]?.items).toMatchObject([{ start: 0, end: 2 * 60 }]);
  });

  it('puts overlapping items side by side, including a short break drawn taller than it lasts', () => {
    const plan = planWeek({
      ...base,
      events: [
        meeting('a', '2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z'),
        meeting('b', '2026-11-23T10:30:00Z', '2026-11-23T11:30:00Z'),
      ],
      breaks: [breakAt('short', '2026-11-23T08:00:00Z', 1), breakAt('next', '2026-11-23T08:05:00Z', 1)],
    });
    const columns = Object.fromEntries(plan.days[0]?.items.map((item) => [item.id, [item.column, item.columns]]) ?? []);
    expect(columns).toEqual({ a: [0, 2], b: [1, 2], short: [0, 2], next: [1, 2] });
  });

  it('shows all-day events on every day they cover, whether dates or UTC midnights', () => {
    const plan = planWeek({
      ...base,
      events: [
        meeting('offsite', '2026-11-23', '2026-11-25', true),
        meeting('holiday', '2026-11-24T00:00:00.000Z', '2026-11-25T00:00:00.000Z', true),
      ],
      breaks: [],
    });
    expect(plan.days.map((day) => day.allDay.map((event) => event.id))).toEqual([['offsite'], ['offsite', 'holiday']]);
    expect(plan.days.every((day) => day.items.length === 0)).toBe(true);
  });
});
