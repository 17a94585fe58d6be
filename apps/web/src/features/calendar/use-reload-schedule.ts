import { useCallback } from 'react';
import { trpc } from '../../trpc';

/** Spec §4: after a sync, refresh or break change the user, the meetings and the breaks are reloaded. */
export function useReloadSchedule(): () => Promise<unknown> {
  const utils = trpc.useUtils();
  return useCallback(
    () =>
      Promise.all([
        utils.auth.user.invalidate(),
        utils.calendar.events.invalidate(),
        utils.calendar.status.invalidate(),
        utils.breaks.upcoming.invalidate(),
      ]),
    [utils],
  );
}
