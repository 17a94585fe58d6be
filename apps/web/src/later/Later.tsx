import { useCallbackRef } from '@mantine/hooks';
import { useEffect, type ReactNode } from 'react';
import { toastError } from '../toast';
import type { LaterModule } from './later-module';

interface LaterProps<T> {
  module: LaterModule<T>;
  /** Shown until the code has arrived. */
  fallback?: ReactNode;
  /** After the failure toast, when the code cannot be had: for a caller that should stop asking. */
  onFailure?: () => void;
  children: (loaded: T) => ReactNode;
}

/** Code shown as soon as it is rendered (a notice, a screen): fetched on mount, and drawn in place once it arrives. */
export function Later<T>({ module, fallback = null, onFailure, children }: LaterProps<T>) {
  const loaded = module.useLoaded();
  const failed = useCallbackRef(onFailure);
  useEffect(() => {
    if (loaded) return;
    module.request().catch(() => {
      if (module.failure) toastError(module.failure);
      failed();
    });
  }, [loaded, module, failed]);
  return loaded ? children(loaded) : fallback;
}
