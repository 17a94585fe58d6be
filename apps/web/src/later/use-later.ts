import { useCallback, useState, type Dispatch, type SetStateAction } from 'react';
import { toastError } from '../toast';
import type { LaterModule } from './later-module';

export interface Later<T, I> {
  /** The module once it has arrived. */
  loaded: T | undefined;
  /** What the user asked of the code (a dialog open, a menu focused), kept until the code is there to do it. */
  intent: I;
  setIntent: Dispatch<SetStateAction<I>>;
  /** A hint of intent (hover, focus): noted, and the code fetched; a failed download is left for the next try. */
  hint: (next: SetStateAction<I>) => void;
  /** A request (a press): noted and fetched; if the code cannot be had, the intent is dropped and the user told. */
  ask: (next: SetStateAction<I>) => void;
}

/** A control that needs code on the user's intent: one intent state, one fetch, one failure toast for every caller. */
export function useLater<T, I>(module: LaterModule<T>, initial: I): Later<T, I> {
  const loaded = module.useLoaded();
  const [intent, setIntent] = useState(initial);
  // The first render's: the callbacks below stay the same for the component's life, so memoised children keep them.
  const [none] = useState(initial);
  const hint = useCallback(
    (next: SetStateAction<I>) => {
      setIntent(next);
      void module.request().catch(() => undefined);
    },
    [module],
  );
  const ask = useCallback(
    (next: SetStateAction<I>) => {
      setIntent(next);
      module.request().catch(() => {
        setIntent(none);
        if (module.failure) toastError(module.failure);
      });
    },
    [module, none],
  );
  return { loaded, intent, setIntent, hint, ask };
}
