import type { BreakSession } from '@breaker/api-contract';
import { useSyncExternalStore } from 'react';

/*
 * Which break the guided session is open for. The calendar's dialogs, the header bell and the reminders all start a
 * session; one host in the header shows it, whichever page is open.
 */
let requested: BreakSession | undefined;
const listeners = new Set<() => void>();

function publish(session: BreakSession | undefined): void {
  requested = session;
  for (const listener of listeners) listener();
}

export function startBreakSession(session: BreakSession): void {
  publish(session);
}

export function closeBreakSession(): void {
  publish(undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRequestedBreakSession(): BreakSession | undefined {
  return useSyncExternalStore(subscribe, () => requested);
}
