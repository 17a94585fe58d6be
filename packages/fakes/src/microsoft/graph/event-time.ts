import { invalidRequest } from './graph-errors.js';

/**
 * Graph's dateTimeTimeZone (graph.resource.datetimetimezone.md): a wall-clock `dateTime` without offset
 * (`2017-08-29T04:00:00.0000000`) and the `timeZone` it is read in. The fake reads `UTC` and IANA names; Windows
 * names (`Pacific Standard Time`) are refused with 400 rather than guessed.
 */
export interface DateTimeTimeZone {
  dateTime: string;
  timeZone: string;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?(Z|[+-]\d{2}:\d{2})?$/;

export function checkZone(zone: string): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw invalidRequest(`A valid TimeZone value must be specified. The following TimeZone value is not supported: '${zone}'.`);
  }
}

/** The zone's offset from UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

export function toInstant(value: DateTimeTimeZone | undefined, field: string): Date {
  const match = value && typeof value.dateTime === 'string' ? WALL_TIME.exec(value.dateTime) : null;
  if (!value || !match) throw invalidRequest(`${field} must be a dateTimeTimeZone with an ISO 8601 dateTime.`);
  const [, y, mo, d, h, mi, s, fraction, offset] = match;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  const ms = Math.round(Number(`0.${fraction ?? '0'}`) * 1000);
  if (offset) return new Date(Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${offset}`) + ms);
  const zone = checkZone(typeof value.timeZone === 'string' && value.timeZone ? value.timeZone : 'UTC');
  if (zone === 'UTC') return new Date(wall + ms);
  const first = wall - offsetAt(wall, zone);
  return new Date(wall - offsetAt(first, zone) + ms);
}

/** An instant as Graph writes it: seven fractional digits, no offset, in `zone`. */
export function toDateTimeTimeZone(instant: Date, zone: string): DateTimeTimeZone {
  const shifted = zone === 'UTC' ? instant.getTime() : instant.getTime() + offsetAt(instant.getTime(), zone);
  const iso = new Date(shifted).toISOString();
  return { dateTime: `${iso.slice(0, 19)}.${iso.slice(20, 23)}0000`, timeZone: zone };
}
