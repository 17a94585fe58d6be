import { makeDayKey, type DayKey } from './day-key';
import { dateFormatter } from './formatters';

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const partsOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
} as const;

/**
 * Whether this browser can show times in the zone. The server only stores zones it has checked, so the browser's own
 * word is enough here; the contract's full check lists every zone Intl knows, which costs a screen's first render
 * more than the rest of its time formatting.
 */
function browserKnows(timeZone: string): boolean {
  try {
    // The formatter every screen reads times with: asking for it costs nothing more when the zone is known.
    dateFormatter({ ...partsOptions, timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The zone the user saved in Settings, else the browser's. */
export function resolveTimeZone(preferred: string | null | undefined): string {
  return preferred && browserKnows(preferred) ? preferred : browserTimeZone();
}

export interface ZonedMoment {
  day: DayKey;
  /** Minutes since midnight on that day. */
  minutes: number;
}

export function zonedMoment(instant: Date, timeZone: string): ZonedMoment {
  const parts: Record<string, number> = {};
  for (const part of dateFormatter({ ...partsOptions, timeZone }).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    day: makeDayKey(parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1),
    minutes: (parts.hour ?? 0) * 60 + (parts.minute ?? 0),
  };
}

export function todayIn(timeZone: string): DayKey {
  return zonedMoment(new Date(), timeZone).day;
}

/** For example 'GMT+01:00 · Europe/Berlin'. */
export function timeZoneLabel(timeZone: string, at: Date = new Date()): string {
  const offset =
    dateFormatter({ timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  return `${offset === 'GMT' ? 'GMT+00:00' : offset} · ${timeZone}`;
}

export function formatTime(instant: Date, timeZone: string): string {
  return dateFormatter({ timeZone, hour: 'numeric', minute: '2-digit' }).format(instant);
}

export function formatDateTime(instant: Date, timeZone: string): string {
  const date = dateFormatter({ timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(instant);
  return `${date} at ${formatTime(instant, timeZone)}`;
}

/** '8 AM', '12 PM', '7 PM'. */
export function hourLabel(hour: number): string {
  return `${((hour + 11) % 12) + 1} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The instant a wall-clock time of a day has in the zone (the earlier one when clocks go back). */
export function zonedInstant(day: DayKey, minutes: number, timeZone: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const wanted = Date.UTC(year, month - 1, date) + minutes * 60_000;
  let guess = wanted;
  for (let round = 0; round < 2; round += 1) {
    const shown = zonedMoment(new Date(guess), timeZone);
    const [y = 1970, m = 1, d = 1] = shown.day.split('-').map(Number);
    guess += wanted - (Date.UTC(y, m - 1, d) + shown.minutes * 60_000);
  }
  return new Date(guess);
}
