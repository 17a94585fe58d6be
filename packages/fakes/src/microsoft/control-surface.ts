import type { RecordedCall } from '../http/call-log.js';
import { serviceControl, type ServiceControl } from '../http/service-control.js';
import type { FakeState } from './fake-state.js';
import type { EventInput } from './graph/event-resource.js';
import { createEvent } from './graph/events.js';
import type { GrantLoss } from './identity/sts-errors.js';
import type { FakeMicrosoftAccount } from './state/accounts.js';
import type { FailureRule, FaultPlan } from './state/faults.js';
import { Mailbox, type StoredEvent } from './state/mailbox.js';

/**
 * What tests and the demo do to the fake directly, standing in for a person using Outlook or their Microsoft account.
 * Event changes here are ordinary changes: delta reports them like edits made in Outlook.
 */
export interface FakeMicrosoftControl extends ServiceControl<FailureRule> {
  addAccount(account: FakeMicrosoftAccount): void;
  /** Makes the calendar hold exactly `events` (Graph event resources; an `id` is kept); others are deleted. */
  setEvents(userPrincipalName: string, events: readonly EventInput[]): StoredEvent[];
  /** Adds an event, or replaces the one with the same id. */
  upsertEvent(userPrincipalName: string, event: EventInput): StoredEvent;
  deleteEvent(userPrincipalName: string, eventId: string): void;
  /** The calendar's live events, to check what a client wrote. */
  storedEvents(userPrincipalName: string): StoredEvent[];
  /** Every delta token issued so far answers 410 syncStateNotFound. */
  loseSyncState(userPrincipalName: string): void;
  /** The user's refresh tokens stop working: `revoked` (AADSTS50173) or `expired` (AADSTS700082). */
  loseGrants(userPrincipalName: string, loss?: GrantLoss): void;
  /** On the next consent the user grants all but these scopes. */
  declineNextConsent(scopes: readonly string[]): void;
}

export function createControl(state: FakeState, faults: FaultPlan, calls: RecordedCall[]): FakeMicrosoftControl {
  const mailbox = (name: string): Mailbox => state.accounts.require(name).mailbox;
  return {
    ...serviceControl(state, faults, calls),
    addAccount: (account) => state.accounts.add(account, new Mailbox()),
    setEvents: (name, events) => {
      const box = mailbox(name);
      const saved = events.map((event) => createEvent(box, event, new Date()));
      const kept = new Set(saved.map((event) => event.id));
      for (const event of box.liveEvents()) if (!kept.has(event.id)) box.remove(event.id, new Date());
      return saved;
    },
    upsertEvent: (name, event) => createEvent(mailbox(name), event, new Date()),
    deleteEvent: (name, eventId) => {
      if (!mailbox(name).remove(eventId, new Date())) throw new Error(`fake-microsoft: ${name} has no event ${eventId}`);
    },
    storedEvents: (name) => mailbox(name).liveEvents(),
    loseSyncState: (name) => {
      mailbox(name).syncGeneration += 1;
    },
    loseGrants: (name, loss = 'revoked') => state.grants.loseGrants(state.accounts.require(name).profile.oid, loss),
    declineNextConsent: (scopes) => {
      state.declinedNextConsent = scopes;
    },
  };
}
