import { laterModule } from '../../later/later-module';
import { trpc } from '../../trpc';
import { useReloadSchedule } from './use-reload-schedule';

// What came of a refresh, in words that quote the contract's messages: fetched once there is an answer to tell.
const outcome = laterModule(() => import('./refresh-outcome'));

export function useRefreshBreaks() {
  const reloadSchedule = useReloadSchedule();
  return trpc.breaks.refresh.useMutation({
    onSuccess: async (result) => {
      await reloadSchedule();
      void outcome.request().then(({ showRefreshed }) => showRefreshed(result));
    },
    onError: (error) => void outcome.request().then(({ showRefreshError }) => showRefreshError(error)),
  });
}
