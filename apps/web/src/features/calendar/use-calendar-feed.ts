import { errorMessage, httpStatus } from '../../errors';
import { toastError, toastSuccess } from '../../toast';
import { trpc } from '../../trpc';
import { useReloadSchedule } from './use-reload-schedule';

function showFeedError(title: string, error: unknown, fallback: string): void {
  if (httpStatus(error) === 401) toastError({ title: 'Session Expired', message: 'Please log out and sign in again.' });
  else toastError({ title, message: errorMessage(error, fallback) });
}

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
