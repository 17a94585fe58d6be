import { invalidEvent, invalidParameter, timeRangeEmpty } from '../google-api-errors.js';
import type { ErrorResponse } from '../http/error-response.js';
import { eventEtag, htmlLinkOf, instanceIdOf, isValidClientEventId, newEventId } from './event-ids.js';
import {
  eventInputSchema,
  type EventAttendee,
  type EventDateTime,
  type EventPerson,
  type GoogleEvent,
} from './event-resource.js';
import { momentMs, readMoment } from './event-time.js';
import type { FakeCalendar } from './fake-calendar.js';
import { parseRecurrence, RecurrenceError } from './recurrence-rule.js';
import { isTimeZone, parseRfc3339 } from './zoned-time.js';

type ParsedEvent = ReturnType<typeof eventInputSchema.parse>;

export interface NormalizeContext {
  calendar: FakeCalendar;
  now: number;
  changeSeq: number;
  /**
   * Seed data (the control surface) describes what Google already holds, so read-only fields it carries — etag,
   * created, updated, htmlLink, organizer, recurringEventId — are kept. An API write never sets them.
   */
  source: 'seed' | 'api';
  /** The stored event a patch or update replaces: it keeps its id, created, iCalUID, organizer and instance identity. */
  previous?: GoogleEvent;
}

/** A request body or seed item checked against the Event schema; a wrong type or enum value is Google's "Invalid Value". */
export function parseEventInput(
  body: unknown,
  fail: () => ErrorResponse = () => invalidEvent('invalid', 'Invalid Value'),
): ParsedEvent {
  const parsed = eventInputSchema.safeParse(body);
  if (!parsed.success) throw fail();
  return parsed.data;
}

const READ_ONLY_FIELDS = [
  'kind',
  'etag',
  'htmlLink',
  'created',
  'updated',
  'creator',
  'organizer',
  'recurringEventId',
  'originalStartTime',
  'sequence',
  'hangoutLink',
];

function withoutReadOnly(input: ParsedEvent): ParsedEvent {
  return Object.fromEntries(Object.entries(input).filter(([key]) => !READ_ONLY_FIELDS.includes(key))) as ParsedEvent;
}

function requireZone(value: EventDateTime, which: 'start' | 'end'): void {
  if (value.timeZone !== undefined && !isTimeZone(value.timeZone)) {
    throw invalidEvent('invalid', `Invalid time zone definition for ${which} time.`);
  }
  if (value.dateTime !== undefined && parseRfc3339(value.dateTime) === undefined && value.timeZone === undefined) {
    throw invalidEvent('required', `Missing time zone definition for ${which} time.`);
  }
}

/** The checks Google makes on an event's times; messages are the ones its API returns. */
function checkTimes(event: ParsedEvent, calendarZone: string): void {
  if (!event.start) throw invalidEvent('required', 'Missing start time.');
  if (!event.end) throw invalidEvent('required', 'Missing end time.');
  requireZone(event.start, 'start');
  requireZone(event.end, 'end');
  const start = readMoment(event.start);
  const end = readMoment(event.end);
  if (!start) throw invalidEvent('invalid', 'Invalid start time.');
  if (!end) throw invalidEvent('invalid', 'Invalid end time.');
  if (start.kind !== end.kind) throw invalidEvent('invalid', 'Start and end times must either both be date or both be dateTime.');
  // Timed events may last zero minutes; an all-day event needs at least one day (its end date is exclusive).
  const duration = momentMs(end, calendarZone) - momentMs(start, calendarZone);
  if (duration < 0 || (start.kind === 'allDay' && duration === 0)) throw timeRangeEmpty();
  if (start.kind === 'allDay' && event.eventType === 'outOfOffice') {
    throw invalidEvent('invalid', 'Out of office events cannot be all-day events.');
  }
  if (start.kind === 'allDay' && event.eventType === 'focusTime') {
    throw invalidEvent('invalid', 'Focus times cannot be all-day events.');
  }
  if (event.recurrence) {
    // Google expands a series in a named zone, never a fixed offset, so a timed series must name one.
    if (start.kind === 'timed' && !event.start.timeZone) {
      throw invalidEvent('required', 'Missing time zone definition for start time.');
    }
    try {
      parseRecurrence(event.recurrence, event.start.timeZone ?? calendarZone);
    } catch (error) {
      if (!(error instanceof RecurrenceError)) throw error;
      throw invalidEvent('invalid', `Invalid recurrence rule. (fake-google: ${error.message})`);
    }
  }
}

function chooseId(
  input: ParsedEvent,
  context: NormalizeContext,
  recurringEventId: string | undefined,
  originalStartTime: EventDateTime | undefined,
): string {
  if (context.previous) return context.previous.id;
  if (input.id !== undefined) {
    if (context.source === 'api' && !isValidClientEventId(input.id)) throw invalidParameter('id', 'Invalid resource id value.');
    return input.id;
  }
  const original = readMoment(originalStartTime);
  return recurringEventId && original ? instanceIdOf(recurringEventId, original) : newEventId();
}

/** `self` marks the entry that is this calendar; Google omits it rather than writing `false`. */
function markSelf<T extends EventPerson>(person: T, calendarId: string): T {
  const { self: _ignored, ...rest } = person;
  return (person.email === calendarId ? { ...rest, self: true } : rest) as T;
}

function normalizeAttendees(
  attendees: readonly EventAttendee[],
  calendarId: string,
  organizerEmail: string | undefined,
): EventAttendee[] {
  return attendees.map((attendee) => {
    const { organizer: _ignored, ...rest } = markSelf(attendee, calendarId);
    return {
      ...rest,
      ...(attendee.email === organizerEmail && { organizer: true }),
      responseStatus: attendee.responseStatus ?? 'needsAction',
    };
  });
}

const timingOf = (event: Pick<GoogleEvent, 'start' | 'end' | 'recurrence'>): string =>
  JSON.stringify([event.start, event.end, event.recurrence]);

/** Turns an insert/update body or seed item into the event as Google stores it, filling what Google fills in. */
export function normalizeEvent(input: ParsedEvent, context: NormalizeContext): GoogleEvent {
  const { calendar, previous, now } = context;
  const seed = context.source === 'seed';
  const fields = seed ? input : withoutReadOnly(input);
  const status = fields.status ?? 'confirmed';
  const recurringEventId = previous?.recurringEventId ?? (seed ? input.recurringEventId : undefined);
  const originalStartTime = previous?.originalStartTime ?? (seed ? input.originalStartTime : undefined);
  const id = chooseId(input, context, recurringEventId, originalStartTime);
  const updated = (seed && input.updated) || new Date(now).toISOString();
  const etag = (seed && input.etag) || eventEtag(Date.parse(updated), context.changeSeq);

  // A cancelled instance needs nothing but its identity (the minimal shape in the reference sync page).
  if (status === 'cancelled' && recurringEventId !== undefined && fields.start === undefined) {
    return { kind: 'calendar#event', etag, id, status, recurringEventId, originalStartTime, updated };
  }
  checkTimes(fields, calendar.timeZone);
  if (previous && fields.eventType !== undefined && fields.eventType !== previous.eventType) {
    throw invalidEvent('invalid', 'The event type cannot be changed.');
  }

  const ownPerson: EventPerson = calendar.settings.primary
    ? { email: calendar.id }
    : { email: calendar.id, displayName: calendar.settings.summary };
  const organizer = markSelf((seed && input.organizer) || previous?.organizer || ownPerson, calendar.id);
  const creator = markSelf((seed && input.creator) || previous?.creator || ownPerson, calendar.id);
  const master = recurringEventId ? calendar.find(recurringEventId) : undefined;
  const { transparency, visibility, attendees, ...rest } = fields;
  return {
    ...rest,
    kind: 'calendar#event',
    etag,
    id,
    status,
    htmlLink: (seed && input.htmlLink) || htmlLinkOf(id, calendar.id),
    created: previous?.created ?? ((seed && input.created) || new Date(Math.floor(now / 1000) * 1000).toISOString()),
    updated,
    creator,
    organizer,
    ...(recurringEventId !== undefined && { recurringEventId, originalStartTime }),
    // Read-only: Google sets it with a Meet conference; a write keeps the event's own.
    ...(!seed && previous?.hangoutLink !== undefined && { hangoutLink: previous.hangoutLink }),
    ...(transparency === 'transparent' && { transparency }),
    ...(visibility !== undefined && visibility !== 'default' && { visibility }),
    iCalUID: previous?.iCalUID ?? fields.iCalUID ?? master?.iCalUID ?? `${recurringEventId ?? id}@google.com`,
    sequence: previous
      ? (previous.sequence ?? 0) + (timingOf(previous) === timingOf(fields) ? 0 : 1)
      : seed
        ? (input.sequence ?? 0)
        : 0,
    ...(attendees && attendees.length > 0 && { attendees: normalizeAttendees(attendees, calendar.id, organizer.email) }),
    reminders: fields.reminders ?? { useDefault: true },
    eventType: fields.eventType ?? previous?.eventType ?? 'default',
  };
}
