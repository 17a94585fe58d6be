import type { EventDateTime, GoogleEvent } from './event-resource.js';
import type { Occurrence } from './recurrence-expansion.js';
import {
  formatDate,
  formatRfc3339,
  instantOf,
  isTimeZone,
  parseDate,
  parseLocalDateTime,
  parseRfc3339,
  startOfDay,
} from './zoned-time.js';

/**
 * Reading and writing `EventDateTime`: `{ date }` for all-day, `{ dateTime, timeZone? }` otherwise. A dateTime may
 * omit its offset only when `timeZone` says where it is (discovery doc, EventDateTime.dateTime).
 */
export function readMoment(value: EventDateTime | undefined): Occurrence | undefined {
  if (!value || (value.date === undefined) === (value.dateTime === undefined)) return undefined;
  if (value.date !== undefined) {
    const date = parseDate(value.date);
    return date && { kind: 'allDay', date };
  }
  const text = value.dateTime ?? '';
  const instant = parseRfc3339(text);
  if (instant !== undefined) return { kind: 'timed', instant };
  const local = parseLocalDateTime(text);
  if (!local || !value.timeZone || !isTimeZone(value.timeZone)) return undefined;
  return { kind: 'timed', instant: instantOf(local, value.timeZone) };
}

/** All-day events begin at midnight in the calendar's zone, which is how timeMin/timeMax compare them. */
export function momentMs(moment: Occurrence, calendarZone: string): number {
  return moment.kind === 'timed' ? moment.instant : startOfDay(moment.date, calendarZone);
}

/** `dateTime` is written in the zone the response is in; the event's own `timeZone` is kept as it was given. */
export function writeMoment(moment: Occurrence, renderZone: string, eventZone: string | undefined): EventDateTime {
  if (moment.kind === 'allDay') return { date: formatDate(moment.date) };
  return { dateTime: formatRfc3339(moment.instant, renderZone), ...(eventZone !== undefined && { timeZone: eventZone }) };
}

export interface EventSpan {
  startMs: number;
  endMs: number;
}

/** A cancelled instance may carry only originalStartTime; it then occupies that single moment. */
export function spanOf(event: GoogleEvent, calendarZone: string): EventSpan | undefined {
  const start = readMoment(event.start) ?? readMoment(event.originalStartTime);
  if (!start) return undefined;
  const end = readMoment(event.end) ?? start;
  return { startMs: momentMs(start, calendarZone), endMs: momentMs(end, calendarZone) };
}

/** timeMin bounds an event's end and timeMax its start, both exclusively (events.list in the discovery doc). */
export function overlapsWindow(span: EventSpan, timeMin: number | undefined, timeMax: number | undefined): boolean {
  return (timeMin === undefined || span.endMs > timeMin) && (timeMax === undefined || span.startMs < timeMax);
}
