import type { ExceptDate, Recurrence } from './recurrence-rule.js';
import {
  addDays,
  civilAt,
  compareDates,
  instantOf,
  startOfDay,
  weekdayOf,
  type CivilDate,
  type CivilDateTime,
} from './zoned-time.js';

/** Where a series begins: a local time in the zone the series repeats in, or a date for all-day series. */
export type SeriesStart = { kind: 'timed'; local: CivilDateTime; timeZone: string } | { kind: 'allDay'; date: CivilDate };

/** The original start of one occurrence (what `originalStartTime` names). */
export type Occurrence = { kind: 'timed'; instant: number } | { kind: 'allDay'; date: CivilDate };

export interface ExpansionWindow {
  /** Occurrences starting at or after this instant are not generated. */
  beforeMs: number;
  /** The calendar's zone: all-day dates become instants there. */
  calendarZone: string;
}

/** A runaway rule (say BYDAY that never matches) must not hang the fake. */
const MAX_CANDIDATE_DAYS = 200_000;

/** RFC 5545 §3.8.5.3: "The DTSTART property value always counts as the first occurrence", even off the rule. */
function* startingWith(first: CivilDate, dates: Generator<CivilDate>): Generator<CivilDate> {
  yield first;
  for (const date of dates) if (compareDates(date, first) !== 0) yield date;
}

function ruleDates(recurrence: Recurrence, first: CivilDate): Generator<CivilDate> {
  const { rule } = recurrence;
  if (rule.frequency === 'DAILY') {
    return (function* daily() {
      for (let step = 0; step < MAX_CANDIDATE_DAYS; step += 1) {
        const date = addDays(first, step * rule.interval);
        if (!rule.byDay || rule.byDay.includes(weekdayOf(date))) yield date;
      }
    })();
  }
  const fromWeekStart = (weekday: number): number => (weekday - rule.weekStart + 7) % 7;
  const days = [...new Set(rule.byDay ?? [weekdayOf(first)])].map(fromWeekStart).sort((a, b) => a - b);
  const firstWeek = addDays(first, -fromWeekStart(weekdayOf(first)));
  return (function* weekly() {
    for (let week = 0; week * 7 < MAX_CANDIDATE_DAYS; week += 1) {
      const weekBegins = addDays(firstWeek, week * 7 * rule.interval);
      for (const offset of days) {
        const date = addDays(weekBegins, offset);
        if (compareDates(date, first) >= 0) yield date;
      }
    }
  })();
}

function startMs(occurrence: Occurrence, calendarZone: string): number {
  return occurrence.kind === 'timed' ? occurrence.instant : startOfDay(occurrence.date, calendarZone);
}

function pastUntil(recurrence: Recurrence, occurrence: Occurrence, start: SeriesStart, calendarZone: string): boolean {
  const until = recurrence.rule.until;
  if (!until) return false;
  if (until.kind === 'instant') return startMs(occurrence, calendarZone) > until.instant;
  const date =
    occurrence.kind === 'allDay'
      ? occurrence.date
      : civilAt(occurrence.instant, start.kind === 'timed' ? start.timeZone : calendarZone);
  return compareDates(date, until.date) > 0;
}

function isExcepted(exceptDates: readonly ExceptDate[], occurrence: Occurrence, calendarZone: string): boolean {
  return exceptDates.some((except) => {
    if (except.kind === 'date' && occurrence.kind === 'allDay') return compareDates(except.date, occurrence.date) === 0;
    if (except.kind === 'instant') return except.instant === startMs(occurrence, calendarZone);
    return false;
  });
}

/**
 * Original starts of a series, in order, until the window closes. COUNT counts occurrences before EXDATE removes any
 * (RFC 5545 §3.8.5.1), and a timed series keeps its local hour across DST changes.
 */
export function expandOccurrences(recurrence: Recurrence, start: SeriesStart, window: ExpansionWindow): Occurrence[] {
  const occurrences: Occurrence[] = [];
  let generated = 0;
  const first = start.kind === 'timed' ? start.local : start.date;
  for (const date of startingWith(first, ruleDates(recurrence, first))) {
    const occurrence: Occurrence =
      start.kind === 'timed'
        ? {
            kind: 'timed',
            instant: instantOf(
              { ...date, hour: start.local.hour, minute: start.local.minute, second: start.local.second },
              start.timeZone,
            ),
          }
        : { kind: 'allDay', date };
    if (recurrence.rule.count !== undefined && generated >= recurrence.rule.count) break;
    if (pastUntil(recurrence, occurrence, start, window.calendarZone)) break;
    if (startMs(occurrence, window.calendarZone) >= window.beforeMs) break;
    generated += 1;
    if (!isExcepted(recurrence.exceptDates, occurrence, window.calendarZone)) occurrences.push(occurrence);
  }
  return occurrences;
}
