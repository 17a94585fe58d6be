import { isValidTimeZone } from '@breaker/api-contract';
import { makeDayKey, type DayKey } from './day-key';

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The zone the user saved in Settings, else the browser's. */
export function resolveTimeZone(preferred: string | null | undefined): string {
  return preferred && isValidTimeZone(preferred) ? preferred : browserTimeZone();
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface ZonedMoment {
  day: DayKey;
  /** Minutes since midnight on that day. */
  minutes: number;
}

export function zonedMoment(instant: Date, timeZone: string): ZonedMoment {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
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
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  return `${offset === 'GMT' ? 'GMT+00:00' : offset} · ${timeZone}`;
}

export function formatTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(instant);
}

export function formatDateTime(instant: Date, timeZone: string): string {
  const date = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(instant);
  return `${date} at ${formatTime(instant, timeZone)}`;
}

/** '8 AM', '12 PM', '7 PM'. */
export function hourLabel(hour: number): string {
  return `${((hour + 11) % 12) + 1} ${hour < 12 ? 'AM' : 'PM'}`;
}
