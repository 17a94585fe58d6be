import { notFound, parseError, writerAccessRequired } from '../google-api-errors.js';
import { readJson } from '../http/request-body.js';
import { sendJson, sendNoContent } from '../http/respond.js';
import type { Exchange } from '../../http/router.js';
import type { FakeState } from '../fake-state.js';
import { calendarCaller, calendarOf, EVENT_READ_SCOPES, EVENT_WRITE_SCOPES } from './calendar-access.js';
import { cancelEvent, findEvent, saveEvent } from './calendar-edits.js';
import { parseEventInput } from './event-normalize.js';
import { isPlainObject, mergePatch } from './event-patch.js';
import { renderEvent } from './event-render.js';
import type { GoogleEvent } from './event-resource.js';
import type { FakeCalendar } from './fake-calendar.js';

/** events.get, insert, update (PUT), patch and delete on one calendar. */

function respondWithEvent(exchange: Exchange, calendar: FakeCalendar, event: GoogleEvent): void {
  const timeZone = exchange.url.searchParams.get('timeZone') ?? calendar.timeZone;
  sendJson(exchange.response, 200, renderEvent(event, { timeZone, minimalCancelled: false }), {
    pretty: exchange.url.searchParams.get('prettyPrint') !== 'false',
  });
}

function writableCalendar(state: FakeState, exchange: Exchange, method: string): FakeCalendar {
  const calendar = calendarOf(calendarCaller(state, exchange, EVENT_WRITE_SCOPES, method), exchange.params.calendarId);
  if (!calendar.canWrite()) throw writerAccessRequired();
  return calendar;
}

function existingEvent(calendar: FakeCalendar, exchange: Exchange): GoogleEvent {
  const event = findEvent(calendar, exchange.params.eventId ?? '');
  if (!event) throw notFound();
  return event;
}

async function eventBody(exchange: Exchange): Promise<Record<string, unknown>> {
  const body = await readJson(exchange.request, parseError);
  if (!isPlainObject(body)) throw parseError();
  return body;
}

/** events.get returns deleted events too ("The get method always returns them"). */
export function getEvent(state: FakeState, exchange: Exchange): void {
  const calendar = calendarOf(
    calendarCaller(state, exchange, EVENT_READ_SCOPES, 'calendar.v3.Events.Get'),
    exchange.params.calendarId,
  );
  respondWithEvent(exchange, calendar, existingEvent(calendar, exchange));
}

/**
 * `conferenceData` is read only from a client that says it supports it (`conferenceDataVersion=1`); at version 0, the
 * default, Google ignores it in the body ("Version 0 assumes no conference data support"), so the event keeps the
 * conference it had.
 */
function withConferenceAsSupported(
  exchange: Exchange,
  body: Record<string, unknown>,
  previous?: GoogleEvent,
): Record<string, unknown> {
  if (exchange.url.searchParams.get('conferenceDataVersion') === '1') return body;
  const { conferenceData: _ignored, ...rest } = body;
  return previous?.conferenceData === undefined ? rest : { ...rest, conferenceData: previous.conferenceData };
}

export async function insertEvent(state: FakeState, exchange: Exchange): Promise<void> {
  const calendar = writableCalendar(state, exchange, 'calendar.v3.Events.Insert');
  const input = parseEventInput(withConferenceAsSupported(exchange, await eventBody(exchange)));
  respondWithEvent(exchange, calendar, saveEvent(calendar, input, { clock: state.clock, source: 'api' }));
}

/** PUT replaces the event's writable fields with the body; PATCH merges the body into them. */
export async function updateEvent(state: FakeState, exchange: Exchange, mode: 'replace' | 'merge'): Promise<void> {
  const calendar = writableCalendar(
    state,
    exchange,
    mode === 'replace' ? 'calendar.v3.Events.Update' : 'calendar.v3.Events.Patch',
  );
  const previous = existingEvent(calendar, exchange);
  const body = await eventBody(exchange);
  const input = parseEventInput(
    withConferenceAsSupported(exchange, mode === 'replace' ? body : mergePatch(previous, body), previous),
  );
  respondWithEvent(exchange, calendar, saveEvent(calendar, input, { clock: state.clock, source: 'api' }, previous));
}

export function deleteEvent(state: FakeState, exchange: Exchange): void {
  const calendar = writableCalendar(state, exchange, 'calendar.v3.Events.Delete');
  cancelEvent(calendar, existingEvent(calendar, exchange), state.clock);
  sendNoContent(exchange.response);
}
