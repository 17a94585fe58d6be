import { dateFormatter } from './formatters';

/** A calendar day in the user's time zone, as 'YYYY-MM-DD'; arithmetic happens on noon UTC so it never crosses a day. */
export type DayKey = string;

function toNoonUtc(key: DayKey): Date {
  const [year = 1970, month = 1, day = 1] = key.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day, 12));
}

function fromUtcDate(date: Date): DayKey {
  return date.toISOString().slice(0, 10);
}

export function makeDayKey(year: number, month: number, day: number): DayKey {
  return fromUtcDate(new Date(Date.UTC(year, month - 1, day, 12)));
}

export function addDays(key: DayKey, days: number): DayKey {
  const date = toNoonUtc(key);
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtcDate(date);
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(key: DayKey): number {
  return toNoonUtc(key).getUTCDay() || 7;
}

/** Weeks start on Monday (spec §2). */
export function startOfWeek(key: DayKey): DayKey {
  return addDays(key, 1 - isoWeekday(key));
}

export function formatDay(key: DayKey, options: Intl.DateTimeFormatOptions): string {
  return dateFormatter({ ...options, timeZone: 'UTC' }).format(toNoonUtc(key));
}
