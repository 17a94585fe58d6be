import { AppError } from '@breaker/api-contract';
import type { CalendarConnectionRow } from '@breaker/db';
import type { CalendarJobDeps } from '../../calendar-job-deps.js';
import { expiryAware, type CalendarProvider } from '../calendar-provider.js';
import { writeBreaksBack } from './break-write-back.js';
import { createCalendarClient, isInvalidGrant, revokeGrant } from './google-calendar-client.js';
import { syncGoogleCalendar } from './google-calendar-sync.js';

/** A revoked or expired refresh token is the one failure the user must fix by reconnecting. */
const expiredAsProviderError = expiryAware(isInvalidGrant, 'Google access was revoked or expired');

function client(deps: CalendarJobDeps, connection: CalendarConnectionRow) {
  if (!deps.google || !connection.refresh_token_encrypted) return undefined;
  return createCalendarClient(deps.google, deps.cipher.open(connection.refresh_token_encrypted), deps.providerTimeoutMs);
}

/** Google Calendar over its REST API: the primary calendar is read and written. */
export const googleProvider: CalendarProvider = {
  name: 'google',
  sync(deps, connection, window) {
    const api = client(deps, connection);
    if (!api) throw new AppError('UNAVAILABLE', 'Google Calendar is not configured on this server');
    return expiredAsProviderError(() => syncGoogleCalendar(deps, api, connection, window, deps.providerRetry));
  },
  async writeBack(deps, connection, userId, window, options) {
    if (!connection.refresh_token_encrypted) return { skipped: 'no writable calendar' };
    const api = client(deps, connection);
    if (!api) return { skipped: 'Google is not configured' };
    return expiredAsProviderError(() =>
      writeBreaksBack(deps, api, userId, window, {
        bookingEnabled: options.bookingEnabled,
        alertsEnabled: options.alertsEnabled,
        ...(deps.providerRetry ? { retry: deps.providerRetry } : {}),
      }),
    );
  },
  async revokeAccess(deps, connection) {
    if (!deps.google || !connection.refresh_token_encrypted) return;
    await revokeGrant(deps.google, deps.cipher.open(connection.refresh_token_encrypted));
  },
};
