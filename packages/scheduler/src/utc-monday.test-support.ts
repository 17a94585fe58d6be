import type { PlacementInput } from './types.js';

/** The instant of a UTC wall-clock time on a day of November 2026 (23 is a Monday). */
export function novemberUtc(day: number, time: string): number {
  return Date.parse(`2026-11-${day}T${time}:00Z`);
}

/**
 * From Monday 23 November 2026 in UTC, 08:00–17:00, at 07:00: one meeting 10:00–11:00 and one other break at 13:00 on
 * the Monday, the pool a single 2-minute eye rest; `horizonDays` days from the Monday.
 */
export function utcMonday(horizonDays: number): PlacementInput {
  return {
    timeZone: 'UTC',
    workStart: '08:00',
    workEnd: '17:00',
    breaksPerDay: 3,
    workDays: [1, 2, 3, 4, 5],
    horizonDays,
    now: novemberUtc(23, '07:00'),
    busy: [{ start: novemberUtc(23, '10:00'), end: novemberUtc(23, '11:00') }],
    existing: [{ start: novemberUtc(23, '13:00'), duration: 2, status: 'scheduled', activityId: 'palming' }],
    activities: [{ id: 'palming', type: 'eye-rest', duration: 2 }],
    seed: 1,
  };
}
