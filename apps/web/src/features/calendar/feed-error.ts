import { errorMessage, httpStatus } from '../../errors';
import { toastError } from '../../toast';

/** A failed feed change: an expired session asks for a new sign-in, anything else says what went wrong. */
export function showFeedError(title: string, error: unknown, fallback: string): void {
  if (httpStatus(error) === 401) toastError({ title: 'Session Expired', message: 'Please log out and sign in again.' });
  else toastError({ title, message: errorMessage(error, fallback) });
}
