import type { CalendarProvider, CalendarSyncResult } from '@breaker/api-contract';
import { errorMessage, httpStatus } from '../../errors';
import { toastError, toastSuccess } from '../../toast';
import { trpc } from '../../trpc';
import { useReloadSchedule } from './use-reload-schedule';

function providerName(provider: CalendarProvider | null): string {
  if (provider === 'ics') return 'Calendar Feed';
  return provider === 'microsoft' ? 'Microsoft Outlook' : 'Google Calendar';
}

export function useCalendarSync(provider: CalendarProvider | null) {
  const reloadSchedule = useReloadSchedule();
  const utils = trpc.useUtils();

  async function handleResult(result: CalendarSyncResult): Promise<void> {
    if (result.needsConnection) {
      toastError({ title: `${providerName(provider)} Not Connected`, message: result.message || 'Connect your calendar first.' });
    } else if (result.needsReconnection) {
      toastError({ title: 'Calendar Access Expired', message: result.message || 'Reconnect your calendar to keep it in sync.' });
    } else {
      await reloadSchedule();
      toastSuccess({ title: 'Calendar Synced', message: result.message || 'Your meetings are up to date.' });
    }
  }

  return trpc.calendar.sync.useMutation({
    onSuccess: handleResult,
    onError: (error) =>
      httpStatus(error) === 401
        ? toastError({ title: 'Session Expired', message: 'Please log out and sign in again.' })
        : toastError({ title: 'Sync Failed', message: errorMessage(error, 'Could not sync your calendar. Please try again.') }),
    // Whatever the outcome, the connection may have changed (a revoked grant now needs reconnection): the header's
    // indicator reads it again.
    onSettled: () => utils.calendar.status.invalidate(),
  });
}
