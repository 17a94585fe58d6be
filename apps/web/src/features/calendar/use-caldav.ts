import type { CalDavCalendarChoice } from '@breaker/api-contract';
import { toastSuccess } from '../../toast';
import { trpc } from '../../trpc';
import { showFeedError } from './feed-error';
import { useReloadSchedule } from './use-reload-schedule';

/** Connects (or replaces) the user's CalDAV account; wrong credentials leave the connection as it was. */
export function useConnectCalDav(onConnected?: () => void) {
  const reloadSchedule = useReloadSchedule();
  const utils = trpc.useUtils();
  return trpc.calendar.connectCalDav.useMutation({
    onSuccess: async ({ message }) => {
      onConnected?.();
      toastSuccess({ title: 'Calendar Connected!', message });
      await Promise.all([reloadSchedule(), utils.calendar.caldavCalendars.invalidate()]);
    },
    onError: (error) => showFeedError('Connection Failed', error, 'Could not connect your CalDAV account. Please try again.'),
  });
}

export function useDisconnectCalDav() {
  const reloadSchedule = useReloadSchedule();
  return trpc.calendar.disconnectCalDav.useMutation({
    onSuccess: async () => {
      toastSuccess({ title: 'Calendar Disconnected', message: 'Your CalDAV account was disconnected.' });
      await reloadSchedule();
    },
    onError: async (error) => {
      showFeedError('Disconnect Failed', error, 'Could not disconnect your CalDAV account. Please try again.');
      await reloadSchedule();
    },
  });
}

/** Which calendars are busy time and which one takes the breaks; saved as soon as a choice changes. */
export function useCalDavCalendars() {
  const utils = trpc.useUtils();
  const reloadSchedule = useReloadSchedule();
  const calendars = trpc.calendar.caldavCalendars.useQuery();
  const choose = trpc.calendar.chooseCalDavCalendars.useMutation({
    onSuccess: async (saved) => {
      utils.calendar.caldavCalendars.setData(undefined, saved);
      await reloadSchedule();
    },
    onError: (error) => showFeedError('Update Failed', error, 'Could not save your calendar choices. Please try again.'),
  });
  return {
    calendars,
    choose: (choices: CalDavCalendarChoice[]) => choose.mutate({ calendars: choices }),
    saving: choose.isPending,
  };
}
