/** Calendar days as the specs reason about them: 'YYYY-MM-DD' strings, with arithmetic on noon UTC (as the web app does). */

/** The browser's zone (playwright.config.ts), which Settings saves as the user's. */
export const TIME_ZONE = 'Europe/Berlin';

/** A day as 'YYYY-MM-DD'. */
export type Day = string;

export function dayIn(timeZone: string, instant: Date): Day {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

export function noonUtc(day: Day): Date {
  return new Date(`${day}T12:00:00Z`);
}

export function addDays(day: Day, days: number): Day {
  const date = noonUtc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** ISO weekday, 1 = Monday … 7 = Sunday. */
export function weekday(day: Day): number {
  return noonUtc(day).getUTCDay() || 7;
}

/** The day column's accessible name, as DayColumn writes it: 'Tuesday, March 4'. */
export function columnName(day: Day): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    noonUtc(day),
  );
}

/**
 * The next work day: tomorrow from Sunday to Thursday, next Monday on Friday and Saturday, so that the day gets
 * breaks (Monday to Friday by default) and the overlap checks have something to compare.
 */
export function nextWorkDay(today: Day): Day {
  const day = weekday(today);
  return addDays(today, day >= 5 ? 8 - day : 1);
}

/** The calendar's time-zone label for `zone` as of now, e.g. 'GMT+09:00 · Asia/Tokyo'. */
export function zoneLabel(zone: string): string {
  const offset =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  return `${offset === 'GMT' ? 'GMT+00:00' : offset} · ${zone}`;
}
