import { useEffect, useSyncExternalStore } from 'react';

export interface DeferredModule<T> {
  /** Starts the download once; later calls share it. A failed download can be asked for again. */
  request: () => Promise<T>;
  /** The module once it has arrived, else undefined; every component using it re-renders when it arrives. */
  useLoaded: () => T | undefined;
  /** Asks for the module once the browser is idle after the first render, so the first hover or click finds it ready. */
  usePrefetchWhenIdle: () => void;
}

/**
 * Code a screen needs only on interaction (menus, tooltips, dialogs): kept out of the screen's first download, asked
 * for on the first sign of intent (or when idle), and shown in place once it has arrived.
 */
export function deferredModule<T>(load: () => Promise<T>): DeferredModule<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();

  const request = (): Promise<T> => {
    pending ??= load().then(
      (module) => {
        loaded = module;
        listeners.forEach((listener) => listener());
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const snapshot = () => loaded;

  return {
    request,
    useLoaded: () => useSyncExternalStore(subscribe, snapshot, snapshot),
    usePrefetchWhenIdle: () =>
      useEffect(() => {
        if (loaded) return;
        const fetchQuietly = () => void request().catch(() => undefined);
        // Safari has no idle callback: a short timer after the first render does the same job there.
        if (typeof requestIdleCallback !== 'function') {
          const timer = setTimeout(fetchQuietly, 500);
          return () => clearTimeout(timer);
        }
        const handle = requestIdleCallback(fetchQuietly, { timeout: 3000 });
        return () => cancelIdleCallback(handle);
      }, []),
  };
}
