import type { FakeState } from '../fake-state.js';
import { route, type Route } from '../../http/router.js';
import { listCalendars } from './calendar-list.js';
import { listEvents } from './events-list.js';
import { deleteEvent, getEvent, insertEvent, updateEvent } from './events-write.js';

/** Calendar API v3 under Google's own path (`https://www.googleapis.com/calendar/v3/…`). */
export function calendarRoutes(state: FakeState): Route[] {
  const base = '/calendar/v3';
  const events = `${base}/calendars/:calendarId/events`;
  const event = `${events}/:eventId`;
  return [
    route('GET', `${base}/users/me/calendarList`, (exchange) => listCalendars(state, exchange)),
    route('GET', events, (exchange) => listEvents(state, exchange)),
    route('POST', events, (exchange) => insertEvent(state, exchange)),
    route('GET', event, (exchange) => getEvent(state, exchange)),
    route('PUT', event, (exchange) => updateEvent(state, exchange, 'replace')),
    route('PATCH', event, (exchange) => updateEvent(state, exchange, 'merge')),
    route('DELETE', event, (exchange) => deleteEvent(state, exchange)),
  ];
}
