import { cancelEvent, findEvent, prepareEvent, saveEvent } from './calendar/calendar-edits.js';
import { parseEventInput } from './calendar/event-normalize.js';
import type { EventInput, GoogleEvent } from './calendar/event-resource.js';
import type { FakeCalendar } from './calendar/fake-calendar.js';
import type { FakeState } from './fake-state.js';
import type { FakeGoogleAccount, FakeGoogleCalendar } from './state/accounts.js';
import type { RecordedCall } from '../http/call-log.js';
import { serviceControl, type ServiceControl } from '../http/service-control.js';
import type { FailureRule, FaultPlan } from './state/faults.js';

/**
 * What tests and the demo do to the fake directly, standing in for a person using Google Calendar or their Google
 * Account. Event changes here are ordinary changes: they show up in incremental sync like edits made on Google.
 */
export interface FakeGoogleControl extends ServiceControl<FailureRule> {
  addAccount(account: FakeGoogleAccount): void;
  /** Puts another calendar on the account's list (e.g. a read-only team calendar). */
  addCalendar(email: string, calendar: FakeGoogleCalendar): void;
  /**
   * Makes the calendar hold exactly `events` (Event resources, e.g. items of a captured events.list page; `primary`
   * names the account's own calendar). Events missing from the list are deleted, as if the user had removed them.
   * Read-only fields the items carry (etag, updated, organizer…) are kept; the rest is filled in as Google would.
   */
  setEvents(email: string, calendarId: string, events: readonly EventInput[]): GoogleEvent[];
  /** Adds an event, or replaces the one with the same id. */
  upsertEvent(email: string, calendarId: string, event: EventInput): GoogleEvent;
  /** Deletes an event or one instance of a series (which leaves a cancelled exception). */
  deleteEvent(email: string, calendarId: string, eventId: string): void;
  /** The calendar's stored events — series unexpanded, deleted ones included — to check what a client wrote. */
  storedEvents(email: string, calendarId: string): GoogleEvent[];
  /** Every sync token issued for the account's calendars now answers 410 fullSyncRequired. */
  invalidateSyncTokens(email: string): void;
  /** The user removes the app's access in their Google Account: refresh and access tokens stop working. */
  revokeRefreshTokens(email: string): void;
  /** The scopes the user has granted that client, as their Google Account's list of apps with access shows them. */
  grantedScopes(email: string, clientId: string): string[];
  /**
   * On the next consent screen the user unticks these scopes, as Google's granular consent lets them do with any scope
   * beyond sign-in: the grant and the token's `scope` leave them out.
   */
  untickNextConsent(scopes: readonly string[]): void;
}

export function createControl(state: FakeState, faults: FaultPlan, calls: RecordedCall[]): FakeGoogleControl {
  const calendarOf = (email: string, calendarId: string): FakeCalendar => {
    const calendar = state.accounts.require(email).calendar(calendarId);
    if (!calendar) throw new Error(`fake-google: ${email} has no calendar ${calendarId}; add it with addCalendar`);
    return calendar;
  };
  const seed = { clock: state.clock, source: 'seed' } as const;

  return {
    ...serviceControl(state, faults, calls),
    addAccount: (account) => {
      state.accounts.add(account);
    },
    addCalendar: (email, calendar) => {
      state.accounts.addCalendar(email, calendar);
    },
    setEvents: (email, calendarId, events) => {
      const calendar = calendarOf(email, calendarId);
      // Check every item before changing anything, so a refused item leaves the calendar as it was.
      const prepared = events.map((event) => {
        const input = parseEventInput(event);
        return prepareEvent(calendar, input, seed, input.id === undefined ? undefined : calendar.find(input.id));
      });
      for (const { event, changeSeq } of prepared) calendar.save(event, changeSeq);
      const kept = new Set(prepared.map(({ event }) => event.id));
      for (const id of [...calendar.events.keys()]) {
        // Read each event afresh: cancelling a series has already cancelled its exceptions.
        const event = calendar.find(id);
        if (event && !kept.has(id) && event.status !== 'cancelled') cancelEvent(calendar, event, state.clock);
      }
      return prepared.map(({ event }) => event);
    },
    upsertEvent: (email, calendarId, event) => {
      const calendar = calendarOf(email, calendarId);
      const input = parseEventInput(event);
      return saveEvent(calendar, input, seed, input.id === undefined ? undefined : calendar.find(input.id));
    },
    deleteEvent: (email, calendarId, eventId) => {
      const calendar = calendarOf(email, calendarId);
      const event = findEvent(calendar, eventId);
      if (!event) throw new Error(`fake-google: ${email}/${calendarId} has no event ${eventId}`);
      cancelEvent(calendar, event, state.clock);
    },
    storedEvents: (email, calendarId) => [...calendarOf(email, calendarId).events.values()].map(({ event }) => event),
    invalidateSyncTokens: (email) => {
      state.accounts.require(email).syncGeneration += 1;
    },
    revokeRefreshTokens: (email) => {
      state.grants.revokeUser(state.accounts.require(email).profile.sub);
    },
    grantedScopes: (email, clientId) => [...state.grants.grantedScopes(clientId, state.accounts.require(email).profile.sub)],
    untickNextConsent: (scopes) => {
      state.untickedNextConsent = scopes;
    },
  };
}
