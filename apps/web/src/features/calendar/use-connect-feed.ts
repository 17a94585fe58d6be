import { toastSuccess } from '../../toast';
import { trpc } from '../../trpc';
import { showFeedError } from './feed-error';
import { useReloadSchedule } from './use-reload-schedule';

/** Connects (or replaces) the user's ICS feed; a failed attempt leaves the connection as it was. */
export function useConnectFeed(onConnected?: () => void) {
  const reloadSchedule = useReloadSchedule();
  return trpc.calendar.connectFeed.useMutation({
    onSuccess: async ({ message }) => {
      onConnected?.();
      toastSuccess({ title: 'Calendar Connected!', message });
      await reloadSchedule();
    },
    onError: (error) => showFeedError('Connection Failed', error, 'Could not connect your calendar feed. Please try again.'),
  });
}
