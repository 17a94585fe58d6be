import { useEffect } from 'react';
import type { BreakDialog } from './use-break-actions';

/** What each list of a change dialog gets: the break, and what to do when the change fails or is done. */
export interface ChoicesProps {
  dialog: BreakDialog;
  onFailed: (error: unknown) => void;
  onDone: (message: string) => Promise<void>;
}

/** The choices could not be read: said the way a failed change is. */
export function useChoicesFailure(error: unknown, onFailed: ChoicesProps['onFailed']): void {
  useEffect(() => {
    if (error) onFailed(error);
  }, [error, onFailed]);
}
