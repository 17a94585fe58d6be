import { AppError } from '@breaker/api-contract';
import { replaceCalendarConnection } from '@breaker/db';
import type { AppDeps } from '../deps.js';
import { CALENDAR_SCOPES } from '../google/oauth-clients.js';
import { fetchGoogleProfile } from '../google/userinfo.js';

/**
 * Stores the calendar grant (the refresh token sealed, never the access token) and starts the first sync
 * without waiting for it.
 */
export async function connectGoogleCalendar(
  deps: AppDeps,
  userId: string,
  token: { access_token: string; refresh_token?: string | undefined },
): Promise<void> {
  const google = deps.config.google;
  if (!google) throw new AppError('UNAVAILABLE', 'Google Calendar is not configured on this server');
  if (!token.refresh_token) throw new AppError('BAD_REQUEST', 'Google did not grant lasting access to the calendar');
  const profile = await fetchGoogleProfile(google, token.access_token);
  await replaceCalendarConnection(deps.db, userId, {
    provider: 'google',
    account_email: profile.email,
    refresh_token_encrypted: deps.cipher.seal(token.refresh_token),
    feed_url_encrypted: null,
    scopes: CALENDAR_SCOPES.join(' '),
  });
  deps.log.info({ userId }, 'Google Calendar connected');
  await deps.jobs.syncCalendar({ userId, trigger: 'connect' }, 0);
}
