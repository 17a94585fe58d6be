import { alreadyDeleted, duplicateId } from '../google-api-errors.js';
import type { ChangeClock } from '../state/change-clock.js';
import { eventEtag } from './event-ids.js';
import { normalizeEvent, type NormalizeContext } from './event-normalize.js';
import type { GoogleEvent } from './event-resource.js';
import type { FakeCalendar } from './fake-calendar.js';
import { findUnmodifiedInstance } from './series.js';

/**
 * Changes to a calendar, shared by the API handlers and the control surface. Every change takes a fresh ChangeClock
 * value, which is all incremental sync needs to find it.
 */

type Input = Parameters<typeof normalizeEvent>[0];

export interface EditOptions {
  clock: ChangeClock;
  source: NormalizeContext['source'];
}

/** A stored event, or an instance of a stored series that has no exception yet. */
export function findEvent(calendar: FakeCalendar, eventId: string): GoogleEvent | undefined {
  return calendar.find(eventId) ?? findUnmodifiedInstance(calendar, eventId);
}

/** Checks and completes `input` without storing it, so a batch can be refused as a whole. */
export function prepareEvent(
  calendar: FakeCalendar,
  input: Input,
  options: EditOptions,
  previous?: GoogleEvent,
): { event: GoogleEvent; changeSeq: number } {
  const changeSeq = options.clock.tick();
  const event = normalizeEvent(input, { calendar, now: Date.now(), changeSeq, source: options.source, previous });
  if (!previous && options.source === 'api' && calendar.find(event.id)) throw duplicateId();
  return { event, changeSeq };
}

/** Stores `input` as a new event, or in place of `previous` (an event or an instance, which then becomes an exception). */
export function saveEvent(calendar: FakeCalendar, input: Input, options: EditOptions, previous?: GoogleEvent): GoogleEvent {
  const { event, changeSeq } = prepareEvent(calendar, input, options, previous);
  calendar.save(event, changeSeq);
  return event;
}

function markCancelled(calendar: FakeCalendar, event: GoogleEvent, clock: ChangeClock): void {
  const changeSeq = clock.tick();
  const now = Date.now();
  calendar.save(
    { ...event, status: 'cancelled', updated: new Date(now).toISOString(), etag: eventEtag(now, changeSeq) },
    changeSeq,
  );
}

/**
 * Deletes as Google does: the event stays, cancelled, so incremental sync reports it; deleting a series cancels its
 * exceptions too; deleting an instance stores a cancelled exception. A second delete is 410 `deleted`.
 */
export function cancelEvent(calendar: FakeCalendar, event: GoogleEvent, clock: ChangeClock): void {
  if (event.status === 'cancelled') throw alreadyDeleted();
  if (calendar.find(event.id)) {
    markCancelled(calendar, event, clock);
    if (event.recurrence) {
      for (const exception of calendar.exceptionsOf(event.id))
        if (exception.status !== 'cancelled') markCancelled(calendar, exception, clock);
    }
    return;
  }
  const changeSeq = clock.tick();
  const now = Date.now();
  calendar.save(
    {
      kind: 'calendar#event',
      etag: eventEtag(now, changeSeq),
      id: event.id,
      status: 'cancelled',
      recurringEventId: event.recurringEventId,
      originalStartTime: event.originalStartTime,
      updated: new Date(now).toISOString(),
    },
    changeSeq,
  );
}
