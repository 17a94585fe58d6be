import type { StoredEvent } from '@breaker/db';
import type { SyncWindow } from './calendar-provider.js';

/** What a provider reports of one event: store it, or forget it. */
export type EventChange = { kind: 'upsert'; event: StoredEvent } | { kind: 'removal'; calendarId: string; externalId: string };

const inWindow = (event: StoredEvent, window: SyncWindow): boolean => event.end > window.from && event.start < window.to;

/** An incremental round's changes as they are stored: an event moved out of the window goes the same way as a deleted one. */
export function changesInWindow(
  changes: readonly EventChange[],
  window: SyncWindow,
): { upserts: StoredEvent[]; removals: Array<{ calendarId: string; externalId: string }> } {
  const upserts = changes.flatMap((c) => (c.kind === 'upsert' && inWindow(c.event, window) ? [c.event] : []));
  const removals = changes.flatMap((c) =>
    c.kind === 'removal'
      ? [c]
      : inWindow(c.event, window)
        ? []
        : [{ calendarId: c.event.calendarId, externalId: c.event.externalId }],
  );
  return { upserts, removals };
}

/** The events a full read reports, which replace the stored ones: its removals have nothing left to remove. */
export function upsertedEvents(changes: readonly EventChange[]): StoredEvent[] {
  return changes.flatMap((c) => (c.kind === 'upsert' ? [c.event] : []));
}
