import { capturedCivil, instantOf, parseDate, type CivilDate } from './zoned-time.js';

/**
 * The part of RFC 5545 that calendars Breaker reads actually use: one RRULE with FREQ=DAILY or WEEKLY, INTERVAL,
 * COUNT or UNTIL, BYDAY and WKST, plus EXDATE lines. Anything else is refused loudly rather than expanded wrongly.
 */

export type Frequency = 'DAILY' | 'WEEKLY';

/** UNTIL as written: an instant (`…Z` or a local time in the event's zone) or, for all-day series, a date. */
export type Until = { kind: 'instant'; instant: number } | { kind: 'date'; date: CivilDate };

/** An EXDATE value: the original start of an occurrence to leave out. */
export type ExceptDate = { kind: 'instant'; instant: number } | { kind: 'date'; date: CivilDate };

export interface RecurrenceRule {
  frequency: Frequency;
  interval: number;
  count?: number;
  until?: Until;
  /** Weekdays, 0 = Sunday. */
  byDay?: number[];
  weekStart: number;
}

export interface Recurrence {
  rule: RecurrenceRule;
  exceptDates: ExceptDate[];
}

export class RecurrenceError extends Error {}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const BASIC_DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/;
const BASIC_DATE = /^(\d{4})(\d{2})(\d{2})$/;

function weekday(code: string): number {
  const index = WEEKDAYS.indexOf(code.toUpperCase());
  if (index < 0) throw new RecurrenceError(`Unsupported BYDAY value ${code}`);
  return index;
}

/** `20250326T045959Z`, a floating `20250326T045959` (placed in `timeZone`), or `20250326`. */
function parseBasicValue(text: string, timeZone: string): Until {
  const dateTime = BASIC_DATE_TIME.exec(text);
  if (dateTime) {
    const civil = capturedCivil(dateTime);
    const instant = dateTime[7]
      ? Date.UTC(civil.year, civil.month - 1, civil.day, civil.hour, civil.minute, civil.second)
      : instantOf(civil, timeZone);
    return { kind: 'instant', instant };
  }
  const dateOnly = BASIC_DATE.exec(text);
  const date = dateOnly && parseDate(`${dateOnly[1]}-${dateOnly[2]}-${dateOnly[3]}`);
  if (!date) throw new RecurrenceError(`Invalid date value ${text}`);
  return { kind: 'date', date };
}

function positiveInteger(value: string, name: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new RecurrenceError(`Invalid ${name} ${value}`);
  return number;
}

function parseRule(text: string, timeZone: string): RecurrenceRule {
  const parts = new Map<string, string>();
  for (const part of text.split(';')) {
    const [name, value] = part.split('=');
    if (!name || value === undefined) throw new RecurrenceError(`Invalid RRULE part ${part}`);
    parts.set(name.toUpperCase(), value);
  }
  const frequency = parts.get('FREQ')?.toUpperCase();
  if (frequency !== 'DAILY' && frequency !== 'WEEKLY') throw new RecurrenceError(`Unsupported FREQ ${frequency ?? '(missing)'}`);
  const unsupported = [...parts.keys()].filter((name) => !['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'WKST'].includes(name));
  if (unsupported.length > 0) throw new RecurrenceError(`Unsupported RRULE parts ${unsupported.join(', ')}`);
  if (parts.has('COUNT') && parts.has('UNTIL')) throw new RecurrenceError('COUNT and UNTIL cannot both be set');
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  const byDay = parts.get('BYDAY');
  return {
    frequency,
    interval: positiveInteger(parts.get('INTERVAL') ?? '1', 'INTERVAL'),
    ...(count !== undefined && { count: positiveInteger(count, 'COUNT') }),
    ...(until !== undefined && { until: parseBasicValue(until, timeZone) }),
    ...(byDay !== undefined && { byDay: byDay.split(',').map(weekday) }),
    weekStart: weekday(parts.get('WKST') ?? 'MO'),
  };
}

/** `EXDATE;TZID=America/Chicago:20250325T080000,20250326T080000`, `EXDATE:20250325T130000Z`, `EXDATE;VALUE=DATE:20250325`. */
function parseExceptDates(parameters: string, values: string, eventZone: string): ExceptDate[] {
  const tzid = /(?:^|;)TZID=([^;]+)/i.exec(parameters)?.[1];
  return values.split(',').map((value) => parseBasicValue(value.trim(), tzid ?? eventZone));
}

/** `timeZone` places floating UNTIL and EXDATE values: the event's own zone, as Google does. */
export function parseRecurrence(lines: readonly string[], timeZone: string): Recurrence {
  let rule: RecurrenceRule | undefined;
  const exceptDates: ExceptDate[] = [];
  for (const line of lines) {
    const colon = line.indexOf(':');
    const head = colon < 0 ? line : line.slice(0, colon);
    const [name = '', ...parameters] = head.split(';');
    const value = line.slice(colon + 1);
    switch (name.toUpperCase()) {
      case 'RRULE':
        if (rule) throw new RecurrenceError('Only one RRULE is supported');
        rule = parseRule(value, timeZone);
        break;
      case 'EXDATE':
        exceptDates.push(...parseExceptDates(parameters.join(';'), value, timeZone));
        break;
      default:
        throw new RecurrenceError(`Unsupported recurrence line ${line}`);
    }
  }
  if (!rule) throw new RecurrenceError('A recurring event needs an RRULE');
  return { rule, exceptDates };
}
