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

/**
 * The next work day (as nextWorkDay) after today in TIME_ZONE, and whether the week view, which starts on Monday,
 * shows it only after Next week: from Friday on it falls in next week.
 */
export function nextWorkDayInView(now: Date = new Date()): { target: Day; nextWeek: boolean } {
  const today = dayIn(TIME_ZONE, now);
  return { target: nextWorkDay(today), nextWeek: weekday(today) >= 5 };
}

/**
 * A fixed-offset zone in which it is now between `hour`:00 and `hour`:59 (Etc/GMT-3 is three hours ahead of UTC: the
 * sign is reversed in these names), whatever the hour, day and zone of the machine: a spec or benchmark that gives
 * its user this zone has the same part of the day ahead at any hour it runs, and today is a day of the current week.
 */
export function zoneWhereItIs(hour: number, now: Date = new Date()): { zone: string; offsetHours: number } {
  let offsetHours = hour - now.getUTCHours();
  if (offsetHours < -12) offsetHours += 24;
  if (offsetHours > 14) offsetHours -= 24;
  const zone = offsetHours === 0 ? 'Etc/GMT' : `Etc/GMT${offsetHours > 0 ? '-' : '+'}${Math.abs(offsetHours)}`;
  return { zone, offsetHours };
}

/** The instant of wall-clock hour `hour` of today (as of `now`) in a zone `offsetHours` ahead of UTC. */
export function localHour(now: Date, offsetHours: number, hour: number): Date {
  const local = new Date(now.getTime() + offsetHours * 3_600_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour) - offsetHours * 3_600_000);
}

/** The calendar's time-zone label for `zone` as of now, e.g. 'GMT+09:00 · Asia/Tokyo'. */
export function zoneLabel(zone: string): string {
  const offset =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  return `${offset === 'GMT' ? 'GMT+00:00' : offset} · ${zone}`;
}

/** A wall-clock time of TIME_ZONE as an iCalendar UTC time, e.g. 20261123T090000Z. */
export function icsUtc(day: Day, clock: string): string {
  const guess = new Date(`${day}T${clock}:00Z`);
  const shown = new Date(
    new Intl.DateTimeFormat('sv-SE', { timeZone: TIME_ZONE, dateStyle: 'short', timeStyle: 'medium' })
      .format(guess)
      .replace(' ', 'T') + 'Z',
  );
  return new Date(guess.getTime() - (shown.getTime() - guess.getTime())).toISOString().replace(/[-:]|\.\d{3}/g, '');
}
