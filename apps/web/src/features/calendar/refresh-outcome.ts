import { PRODUCT_NAME, SCHEDULING_HORIZON_DAYS, SERVER_MESSAGES, type RefreshBreaksResult } from '@breaker/api-contract';
import { errorMessage, httpStatus } from '../../errors';
import { toastError, toastInfo, toastSuccess } from '../../toast';

function refreshedMessage({ totalScheduled, shortfalls }: RefreshBreaksResult): string {
  if (totalScheduled > 0) {
    const noun = totalScheduled === 1 ? PRODUCT_NAME : `${PRODUCT_NAME}s`;
    return `${totalScheduled} ${noun} scheduled for the next ${SCHEDULING_HORIZON_DAYS} days`;
  }
  const reason = shortfalls.find((shortfall) => shortfall.reason)?.reason;
  return `No new ${PRODUCT_NAME}s were scheduled for the next ${SCHEDULING_HORIZON_DAYS} days.${reason ? ` ${reason}` : ''}`;
}

/** How many Breakers a refresh scheduled, or why it scheduled none. */
export function showRefreshed(result: RefreshBreaksResult): void {
  const toast = { title: `${PRODUCT_NAME}s Refreshed`, message: refreshedMessage(result) };
  if (result.totalScheduled > 0) toastSuccess(toast);
  else toastInfo(toast);
}

/** A refused refresh: a session that expired meanwhile, someone else's schedule, or what else went wrong. */
export function showRefreshError(error: unknown): void {
  const status = httpStatus(error);
  if (status === 401) {
    toastError({ title: 'Session Expired', message: 'Please log out and sign in again.' });
  } else if (status === 403) {
    toastError({ title: 'Access Denied', message: errorMessage(error, SERVER_MESSAGES.refreshOwnOnly) });
  } else {
    toastError({
      title: 'Refresh Failed',
      message: errorMessage(error, `Could not schedule your ${PRODUCT_NAME}s. Please try again.`),
    });
  }
}
