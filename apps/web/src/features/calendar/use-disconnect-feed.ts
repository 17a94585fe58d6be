import { toastSuccess } from '../../toast';
import { trpc } from '../../trpc';
import { showFeedError } from './feed-error';
import { useReloadSchedule } from './use-reload-schedule';

export function useDisconnectFeed(onDisconnected?: () => void) {
  const reloadSchedule = useReloadSchedule();
  return trpc.calendar.disconnectFeed.useMutation({
    onSuccess: async () => {
      onDisconnected?.();
      toastSuccess({ title: 'Calendar Disconnected', message: 'Your calendar feed was disconnected.' });
      await reloadSchedule();
    },
    // A 404 means it was disconnected elsewhere: reload so the page shows that.
    onError: async (error) => {
      showFeedError('Disconnect Failed', error, 'Could not disconnect your calendar feed. Please try again.');
      await reloadSchedule();
    },
  });
}
