/**
 * Wall-clock arithmetic in IANA time zones with nothing but `Intl`: Google expands recurring events in the event's
 * own zone, so a DST change moves the UTC instant of an occurrence, never its local hour.
 */

export interface CivilDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

export interface CivilDateTime extends CivilDate {
  hour: number;
  minute: number;
  second: number;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isTimeZone(name: string): boolean {
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

/** The local date and time that `instantMs` shows on a clock in `timeZone`. */
export function civilAt(instantMs: number, timeZone: string): CivilDateTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

function civilAsUtcMs(civil: CivilDateTime): number {
  return Date.UTC(civil.year, civil.month - 1, civil.day, civil.hour, civil.minute, civil.second);
}

export function offsetMinutesAt(instantMs: number, timeZone: string): number {
  const wholeSeconds = Math.floor(instantMs / 1000) * 1000;
  return (civilAsUtcMs(civilAt(wholeSeconds, timeZone)) - wholeSeconds) / 60_000;
}

function sameCivil(a: CivilDateTime, b: CivilDateTime): boolean {
  return civilAsUtcMs(a) === civilAsUtcMs(b);
}

/**
 * The instant at which a clock in `timeZone` shows `civil`. Like RFC 5545 (and Temporal's "compatible"), a time that
 * occurs twice takes the earlier instant and a time skipped by a DST gap moves forward by the gap.
 */
export function instantOf(civil: CivilDateTime, timeZone: string): number {
  const asUtc = civilAsUtcMs(civil);
  const offsetBefore = offsetMinutesAt(asUtc - DAY_MS, timeZone);
  const offsetAfter = offsetMinutesAt(asUtc + DAY_MS, timeZone);
  // No offset change within a day either side: the common case, and the only offset there is.
  if (offsetBefore === offsetAfter) return asUtc - offsetBefore * 60_000;
  const matching = [offsetBefore, offsetAfter]
    .map((offset) => asUtc - offset * 60_000)
    .filter((candidate) => sameCivil(civilAt(candidate, timeZone), civil));
  return matching.length > 0 ? Math.min(...matching) : asUtc - offsetBefore * 60_000;
}

export function startOfDay(date: CivilDate, timeZone: string): number {
  return instantOf({ ...date, hour: 0, minute: 0, second: 0 }, timeZone);
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

export function formatDate(date: CivilDate): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/** RFC 3339 in the zone's offset, `Z` when the offset is zero — the way Google writes `dateTime`. */
export function formatRfc3339(instantMs: number, timeZone: string): string {
  const wholeSeconds = Math.floor(instantMs / 1000) * 1000;
  const civil = civilAt(wholeSeconds, timeZone);
  const offset = (civilAsUtcMs(civil) - wholeSeconds) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  const suffix = offset === 0 ? 'Z' : `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${formatDate(civil)}T${pad(civil.hour)}:${pad(civil.minute)}:${pad(civil.second)}${suffix}`;
}

/** `20250324T123000Z`: the UTC basic format Google puts in instance ids and RRULE UNTIL. */
export function formatUtcBasic(instantMs: number): string {
  return new Date(instantMs)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?$/i;
const RFC3339 = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

function validCivil(civil: CivilDateTime): CivilDateTime | undefined {
  const roundTrip = new Date(civilAsUtcMs(civil));
  const valid =
    roundTrip.getUTCFullYear() === civil.year &&
    roundTrip.getUTCMonth() + 1 === civil.month &&
    roundTrip.getUTCDate() === civil.day &&
    civil.hour < 24 &&
    civil.minute < 60 &&
    civil.second < 60;
  return valid ? civil : undefined;
}

export function parseDate(text: string): CivilDate | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const civil = validCivil({
    year: Number(match[1]),
    month: Number(match[2]),
    day: Number(match[3]),
    hour: 0,
    minute: 0,
    second: 0,
  });
  return civil && { year: civil.year, month: civil.month, day: civil.day };
}

/** A date-time without an offset; Google accepts one in an event when `timeZone` says where it is. */
export function parseLocalDateTime(text: string): CivilDateTime | undefined {
  const match = LOCAL_DATE_TIME.exec(text);
  if (!match) return undefined;
  return validCivil(capturedCivil(match));
}

/** The civil date-time in the first six groups (year to second) of a date-time pattern's match, unchecked. */
export function capturedCivil(match: RegExpExecArray): CivilDateTime {
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match.slice(1, 7).map(Number);
  return { year, month, day, hour, minute, second };
}

/** RFC 3339 with a mandatory offset; milliseconds are accepted and dropped, as the Calendar API documents for timeMin. */
export function parseRfc3339(text: string): number | undefined {
  const match = RFC3339.exec(text);
  if (!match?.[1] || !match[2]) return undefined;
  const local = parseLocalDateTime(match[1]);
  if (!local) return undefined;
  const zone = match[2].toUpperCase();
  const offsetMinutes =
    zone === 'Z' ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  return civilAsUtcMs(local) - offsetMinutes * 60_000;
}

export function addDays(date: CivilDate, days: number): CivilDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: CivilDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

export function daysBetween(from: CivilDate, to: CivilDate): number {
  return Math.round((Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / DAY_MS);
}

export function compareDates(a: CivilDate, b: CivilDate): number {
  return daysBetween(b, a);
}
