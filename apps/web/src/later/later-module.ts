import { useDeferredValue, useEffect, useSyncExternalStore } from 'react';
import type { Toast } from '../toast';

export interface LaterModule<T> {
  /** What the user is told when code they asked for cannot be downloaded; none for code nobody asks for by name. */
  failure?: Toast;
  /** Starts the download once; later calls share it. A failed download can be asked for again. */
  request: () => Promise<T>;
  /**
   * The module once it has arrived, else undefined; every component using it re-renders when it arrives, at transition
   * priority: a week of ⋯ buttons turning into menus at once must not hold up the user's input.
   */
  useLoaded: () => T | undefined;
  /** Asks for the module once the browser is idle after the first render, so the first hover or click finds it ready. */
  usePrefetchWhenIdle: () => void;
}

/**
 * Code a screen does not need for its first render (dialogs, menus, tooltips, notices, other screens): kept out of the
 * screen's download and fetched when it is wanted. The one way this app loads code later: components take it through
 * `useLater` (on the user's intent) or `<Later>` (as soon as they render).
 */
export function laterModule<T>(load: () => Promise<T>, failure?: Toast): LaterModule<T> {
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
    failure,
    request,
    useLoaded: () => useDeferredValue(useSyncExternalStore(subscribe, snapshot, snapshot)),
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
