import { isoWeekday, parseClock } from './civil.js';
import { DEFAULT_WORK_DAYS } from './rules.js';
import { zoneClock } from './zone-clock.js';

const MINUTE_MS = 60_000;

export interface ReminderSettings {
  /** Minutes before the break's start. */
  leadMinutes: number;
  timeZone: string | null;
  /** 'HH:MM' */
  workStart: string;
  workEnd: string;
  /** ISO weekdays, Monday 1. */
  workDays: readonly number[];
}

/**
 * When a break starting at `start` (epoch ms) is announced: `leadMinutes` before it, but never outside the work hours
 * of its work day, so a break at the start of the day is announced at that start. Undefined for a break that does not
 * start within work hours of a work day (one placed by hand before the hours changed, say): it is not announced.
 */
export function reminderTime(start: number, settings: ReminderSettings): number | undefined {
  // The clock placement plans with: the same wall-clock work hours on a day the clocks change, memoised per zone, so
  // thousands of reminders at once cost no Intl probe each.
  const clock = zoneClock(settings.timeZone ?? 'UTC');
  const day = clock.localDay(Math.floor(start / MINUTE_MS));
  const workDays = settings.workDays.length > 0 ? settings.workDays : DEFAULT_WORK_DAYS;
  const from = parseClock(settings.workStart);
  const to = parseClock(settings.workEnd);
  if (from === undefined || to === undefined || !workDays.includes(isoWeekday(day))) return undefined;
  const workStart = clock.toEpochMinute(day, from) * MINUTE_MS;
  const workEnd = clock.toEpochMinute(day, to) * MINUTE_MS;
  if (start < workStart || start >= workEnd) return undefined;
  return Math.max(start - settings.leadMinutes * MINUTE_MS, workStart);
}
