import type { GoogleEvent } from './event-resource.js';
import { overlapsWindow, spanOf } from './event-time.js';
import type { EventsQuery } from './events-query.js';
import type { FakeCalendar, StoredEvent } from './fake-calendar.js';
import { EXPANSION_HORIZON_MS, instancesOf } from './series.js';

/**
 * Which events one events.list request returns, in which order — the semantics of the discovery doc's events.list
 * parameters, applied to one calendar.
 */

export interface Selection {
  query: EventsQuery;
  /** Set for an incremental sync: only events changed after this ChangeClock value. */
  changedAfter?: number;
  now: number;
}

interface Listed {
  event: GoogleEvent;
  startMs: number;
}

function expansionEnd(query: EventsQuery, now: number): number {
  return query.timeMax ?? now + EXPANSION_HORIZON_MS;
}

/**
 * singleEvents=true: series become their instances; an exception appears once, in its series' place when that changed
 * too. A deleted series is expanded only when its (cancelled) instances can be shown.
 */
function singleEvents(
  calendar: FakeCalendar,
  changed: readonly StoredEvent[],
  beforeMs: number,
  deletedShown: boolean,
): GoogleEvent[] {
  const expandedSeries = new Set(changed.filter(({ event }) => event.recurrence).map(({ event }) => event.id));
  const events = new Map<string, GoogleEvent>();
  for (const { event } of changed) {
    if (event.recurrence) {
      if (event.status === 'cancelled' && !deletedShown) continue;
      const window = { beforeMs, calendarZone: calendar.timeZone, calendarId: calendar.id };
      for (const instance of instancesOf(event, calendar.exceptionsOf(event.id), window)) events.set(instance.id, instance);
    } else if (!(event.recurringEventId && expandedSeries.has(event.recurringEventId))) {
      events.set(event.id, event);
    }
  }
  return [...events.values()];
}

function seriesTouchesWindow(calendar: FakeCalendar, master: GoogleEvent, query: EventsQuery, now: number): boolean {
  const window = { beforeMs: expansionEnd(query, now), calendarZone: calendar.timeZone, calendarId: calendar.id };
  return instancesOf(master, calendar.exceptionsOf(master.id), window).some((instance) => {
    const span = spanOf(instance, calendar.timeZone);
    return span !== undefined && overlapsWindow(span, query.timeMin, query.timeMax);
  });
}

function inWindow(calendar: FakeCalendar, event: GoogleEvent, query: EventsQuery, now: number): boolean {
  if (query.timeMin === undefined && query.timeMax === undefined) return true;
  if (event.recurrence) return seriesTouchesWindow(calendar, event, query, now);
  const span = spanOf(event, calendar.timeZone);
  return span !== undefined && overlapsWindow(span, query.timeMin, query.timeMax);
}

/**
 * Deleted events: always in an incremental sync (syncToken or updatedMin), with showDeleted, and — when both
 * showDeleted and singleEvents are false — cancelled instances of a series that is itself still live.
 */
function deletedShown(calendar: FakeCalendar, event: GoogleEvent, query: EventsQuery, incremental: boolean): boolean {
  if (event.status !== 'cancelled' || incremental || query.showDeleted) return true;
  return (
    !query.singleEvents && event.recurringEventId !== undefined && calendar.find(event.recurringEventId)?.status !== 'cancelled'
  );
}

/** q: every term must appear in the summary, description, location, or an attendee's or organizer's name or e-mail. */
function matchesText(event: GoogleEvent, q: string): boolean {
  const people = [...(event.attendees ?? []), event.organizer ?? {}];
  const haystack = [
    event.summary,
    event.description,
    event.location,
    ...people.flatMap((person) => [person.email, person.displayName]),
  ]
    .filter((text): text is string => typeof text === 'string')
    .join('\n')
    .toLowerCase();
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => haystack.includes(term));
}

function matchesProperties(
  properties: Record<string, string> | undefined,
  constraints: ReadonlyArray<[string, string]>,
): boolean {
  return constraints.every(([name, value]) => properties?.[name] === value);
}

function matchesFilters(event: GoogleEvent, query: EventsQuery): boolean {
  if (query.eventTypes && !query.eventTypes.includes(event.eventType ?? 'default')) return false;
  if (query.iCalUID !== undefined && event.iCalUID !== query.iCalUID) return false;
  if (query.q !== undefined && !matchesText(event, query.q)) return false;
  if (query.updatedMin !== undefined && Date.parse(event.updated) < query.updatedMin) return false;
  return (
    matchesProperties(event.extendedProperties?.private, query.privateExtendedProperty) &&
    matchesProperties(event.extendedProperties?.shared, query.sharedExtendedProperty)
  );
}

function order(listed: Listed[], query: EventsQuery): GoogleEvent[] {
  const byUpdated = (a: Listed, b: Listed): number => Date.parse(a.event.updated) - Date.parse(b.event.updated);
  const byStart = (a: Listed, b: Listed): number => a.startMs - b.startMs || a.event.id.localeCompare(b.event.id);
  // Without orderBy the order is only promised to be stable; chronological is the natural stable order for instances.
  if (query.orderBy === 'updated') listed.sort(byUpdated);
  else if (query.orderBy === 'startTime' || query.singleEvents) listed.sort(byStart);
  return listed.map(({ event }) => event);
}

export function selectEvents(calendar: FakeCalendar, { query, changedAfter, now }: Selection): GoogleEvent[] {
  const stored = [...calendar.events.values()];
  const changed = changedAfter === undefined ? stored : stored.filter((entry) => entry.changeSeq > changedAfter);
  const incremental = changedAfter !== undefined || query.updatedMin !== undefined;
  const candidates = query.singleEvents
    ? singleEvents(calendar, changed, expansionEnd(query, now), incremental || query.showDeleted)
    : changed.map(({ event }) => event);
  const listed = candidates
    .filter(
      (event) =>
        deletedShown(calendar, event, query, incremental) &&
        matchesFilters(event, query) &&
        inWindow(calendar, event, query, now),
    )
    .map((event) => ({ event, startMs: spanOf(event, calendar.timeZone)?.startMs ?? 0 }));
  return order(listed, query);
}
