import { useSyncExternalStore } from 'react';

/*
 * Whether Breaker can be reached: the browser's own online flag, and whether the last request failed for want of a
 * network (the server down, a captive portal) rather than with an answer. The next answered request clears the latter.
 */
let unreachable = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** A request that failed without an answer: fetch rejects with a TypeError, tRPC wraps it as the cause. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  return error instanceof Error && error.cause instanceof TypeError;
}

export function reportRequestOutcome(error: unknown): void {
  const failed = error !== undefined && isNetworkFailure(error);
  if (failed === unreachable) return;
  unreachable = failed;
  notify();
}

export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, () => !navigator.onLine || unreachable);
}
