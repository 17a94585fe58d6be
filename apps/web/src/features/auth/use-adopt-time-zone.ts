import type { User } from '@breaker/api-contract';
import { useEffect } from 'react';
import { trpc } from '../../trpc';
import { browserTimeZone } from '../../time/time-zone';

/**
 * A user who never saved Settings has no zone and would be planned in UTC: the first signed-in load keeps the
 * browser's zone for them. The server ignores it once a zone is set, so a second tab cannot override a choice.
 */
export function useAdoptBrowserTimeZone(user: User): void {
  const utils = trpc.useUtils();
  const { mutate, isIdle } = trpc.preferences.adoptTimeZone.useMutation({
    onSuccess: (preferences) => {
      utils.auth.user.setData(undefined, (current) => current && { ...current, preferences });
      void utils.preferences.get.invalidate();
    },
  });
  const missing = !user.preferences.timezone;
  useEffect(() => {
    // A failure is silent: the next load tries again, and Settings still saves a zone.
    if (missing && isIdle) mutate({ timezone: browserTimeZone() });
  }, [missing, isIdle, mutate]);
}
