import { authError, notFound } from '../google-api-errors.js';
import type { Exchange } from '../../http/router.js';
import type { FakeState } from '../fake-state.js';
import { authenticate, requireScope, type Caller } from '../oauth/bearer.js';
import { CALENDAR, CALENDAR_EVENTS, CALENDAR_EVENTS_READONLY, CALENDAR_READONLY } from '../oauth/scopes.js';
import type { FakeCalendar } from './fake-calendar.js';

/** Scopes each Calendar method accepts, from its `scopes` list in the discovery doc. */
export const EVENT_READ_SCOPES = [CALENDAR, CALENDAR_EVENTS, CALENDAR_EVENTS_READONLY, CALENDAR_READONLY];
export const EVENT_WRITE_SCOPES = [CALENDAR, CALENDAR_EVENTS];
export const CALENDAR_LIST_SCOPES = [CALENDAR, CALENDAR_READONLY];

/** A valid access token (else 401 authError) carrying one of `scopes` (else 403 insufficientPermissions). */
export function calendarCaller(state: FakeState, exchange: Exchange, scopes: readonly string[], method: string): Caller {
  const caller = authenticate(exchange, state, () => authError(state.authErrorForm));
  requireScope(caller, scopes, method);
  return caller;
}

/** The `{calendarId}` path segment: `primary` or an id on the caller's calendar list, else 404 notFound. */
export function calendarOf(caller: Caller, calendarId: string | undefined): FakeCalendar {
  const calendar = calendarId === undefined ? undefined : caller.account.calendar(calendarId);
  if (!calendar) throw notFound();
  return calendar;
}
