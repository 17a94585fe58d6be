import { htmlLinkOf, instanceIdOf } from './event-ids.js';
import type { GoogleEvent } from './event-resource.js';
import { momentMs, readMoment, writeMoment } from './event-time.js';
import type { FakeCalendar } from './fake-calendar.js';
import { expandOccurrences, type ExpansionWindow, type Occurrence, type SeriesStart } from './recurrence-expansion.js';
import { parseRecurrence, type Recurrence } from './recurrence-rule.js';
import { addDays, civilAt, daysBetween, formatDate, parseDate } from './zoned-time.js';

/**
 * Recurring events as Google serves them with singleEvents=true: each occurrence becomes an instance with its own id,
 * `recurringEventId` and `originalStartTime`, and a stored exception (modified or cancelled instance) takes its place.
 */

/** Without timeMax an endless series is expanded this far past now; Google documents no limit, a fake needs one. */
export const EXPANSION_HORIZON_MS = 366 * 86_400_000;

/** Where instances are listed: the expansion window plus the calendar, whose id each instance's htmlLink names. */
export interface SeriesWindow extends ExpansionWindow {
  calendarId: string;
}

interface Series {
  recurrence: Recurrence;
  start: SeriesStart;
  /** The zone instances are written in: the event's own, as the discovery doc says recurrence expands there. */
  zone: string;
  lengthMs: number;
  lengthDays: number;
}

function seriesOf(master: GoogleEvent, calendarZone: string): Series | undefined {
  const start = readMoment(master.start);
  const end = readMoment(master.end);
  if (!master.recurrence || !start || !end) return undefined;
  const zone = master.start?.timeZone ?? calendarZone;
  const recurrence = parseRecurrence(master.recurrence, zone);
  if (start.kind === 'allDay' && end.kind === 'allDay') {
    return { recurrence, start, zone, lengthMs: 0, lengthDays: daysBetween(start.date, end.date) };
  }
  if (start.kind === 'timed' && end.kind === 'timed') {
    return {
      recurrence,
      start: { kind: 'timed', local: civilAt(start.instant, zone), timeZone: zone },
      zone,
      lengthMs: end.instant - start.instant,
      lengthDays: 0,
    };
  }
  return undefined;
}

const occurrenceKey = (occurrence: Occurrence): string =>
  occurrence.kind === 'timed' ? `t${occurrence.instant}` : `d${formatDate(occurrence.date)}`;

function materialize(master: GoogleEvent, series: Series, occurrence: Occurrence, calendarId: string): GoogleEvent {
  const { recurrence: _seriesOnly, ...fields } = master;
  const id = instanceIdOf(master.id, occurrence);
  const end: Occurrence =
    occurrence.kind === 'timed'
      ? { kind: 'timed', instant: occurrence.instant + series.lengthMs }
      : { kind: 'allDay', date: addDays(occurrence.date, series.lengthDays) };
  return {
    ...fields,
    id,
    htmlLink: htmlLinkOf(id, calendarId),
    start: writeMoment(occurrence, series.zone, master.start?.timeZone),
    end: writeMoment(end, series.zone, master.end?.timeZone),
    recurringEventId: master.id,
    originalStartTime: writeMoment(occurrence, series.zone, master.start?.timeZone),
  };
}

/**
 * The instances of `master` whose original start falls before `window.beforeMs`, exceptions in their place. Instances
 * of a deleted series are cancelled, so an incremental sync can tell clients to drop them.
 */
export function instancesOf(master: GoogleEvent, exceptions: readonly GoogleEvent[], window: SeriesWindow): GoogleEvent[] {
  const series = seriesOf(master, window.calendarZone);
  if (!series) return [];
  const unmatched = new Map<string, GoogleEvent>();
  for (const exception of exceptions) {
    const original = readMoment(exception.originalStartTime);
    if (original) unmatched.set(occurrenceKey(original), exception);
  }
  const instances = expandOccurrences(series.recurrence, series.start, window).map((occurrence) => {
    const key = occurrenceKey(occurrence);
    const exception = unmatched.get(key);
    unmatched.delete(key);
    return exception ?? materialize(master, series, occurrence, window.calendarId);
  });
  // An exception the rule no longer produces is still stored by Google and still listed.
  for (const [, exception] of unmatched) {
    const original = readMoment(exception.originalStartTime);
    if (original && momentMs(original, window.calendarZone) < window.beforeMs) instances.push(exception);
  }
  return master.status === 'cancelled' ? instances.map((instance) => ({ ...instance, status: 'cancelled' })) : instances;
}

function occurrenceFromSuffix(suffix: string): Occurrence | undefined {
  const timed = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(suffix);
  if (timed) {
    const [year, month, day, hour, minute, second] = timed.slice(1, 7).map(Number);
    return { kind: 'timed', instant: Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 0, hour ?? 0, minute ?? 0, second ?? 0) };
  }
  const allDay = /^(\d{4})(\d{2})(\d{2})$/.exec(suffix);
  const date = allDay && parseDate(`${allDay[1]}-${allDay[2]}-${allDay[3]}`);
  return date ? { kind: 'allDay', date } : undefined;
}

/** Resolves an instance id nobody has modified yet (`<series id>_<original start>`), as events.get/patch/delete accept. */
export function findUnmodifiedInstance(calendar: FakeCalendar, instanceId: string): GoogleEvent | undefined {
  const separator = instanceId.lastIndexOf('_');
  const master = separator > 0 ? calendar.find(instanceId.slice(0, separator)) : undefined;
  const occurrence = occurrenceFromSuffix(instanceId.slice(separator + 1));
  if (!master?.recurrence || !occurrence) return undefined;
  const beforeMs = momentMs(occurrence, calendar.timeZone) + 1;
  const instances = instancesOf(master, [], { beforeMs, calendarZone: calendar.timeZone, calendarId: calendar.id });
  return instances.find((instance) => instance.id === instanceId);
}
