import { PRODUCT_NAME, SCHEDULING_HORIZON_DAYS, type RefreshBreaksResult } from '@breaker/api-contract';
import { contractMessages } from '../../contract-messages';
import { errorMessage, httpStatus } from '../../errors';
import { toastError, toastInfo, toastSuccess } from '../../toast';
import { trpc } from '../../trpc';
import { useReloadSchedule } from './use-reload-schedule';

function refreshedMessage({ totalScheduled, shortfalls }: RefreshBreaksResult): string {
  if (totalScheduled > 0) {
    const noun = totalScheduled === 1 ? PRODUCT_NAME : `${PRODUCT_NAME}s`;
    return `${totalScheduled} ${noun} scheduled for the next ${SCHEDULING_HORIZON_DAYS} days`;
  }
  const reason = shortfalls.find((shortfall) => shortfall.reason)?.reason;
  return `No new ${PRODUCT_NAME}s were scheduled for the next ${SCHEDULING_HORIZON_DAYS} days.${reason ? ` ${reason}` : ''}`;
}

function showRefreshError(error: unknown): void {
  const status = httpStatus(error);
  if (status === 401) {
    toastError({ title: 'Session Expired', message: 'Please log out and sign in again.' });
  } else if (status === 403) {
    void contractMessages
      .request()
      .then(({ SERVER_MESSAGES }) =>
        toastError({ title: 'Access Denied', message: errorMessage(error, SERVER_MESSAGES.refreshOwnOnly) }),
      );
  } else {
    toastError({
      title: 'Refresh Failed',
      message: errorMessage(error, `Could not schedule your ${PRODUCT_NAME}s. Please try again.`),
    });
  }
}

export function useRefreshBreaks() {
  const reloadSchedule = useReloadSchedule();
  return trpc.breaks.refresh.useMutation({
    onSuccess: async (result) => {
      await reloadSchedule();
      const toast = { title: `${PRODUCT_NAME}s Refreshed`, message: refreshedMessage(result) };
      if (result.totalScheduled > 0) toastSuccess(toast);
      else toastInfo(toast);
    },
    onError: showRefreshError,
  });
}
