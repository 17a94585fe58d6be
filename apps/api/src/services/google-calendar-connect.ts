import { AppError } from '@breaker/api-contract';
import { replaceCalendarConnection, type UserRow } from '@breaker/db';
import type { AppDeps } from '../deps.js';
import { CALENDAR_EVENTS_SCOPE, CALENDAR_SCOPES } from '../google/oauth-clients.js';
import { fetchGoogleProfile } from '../google/userinfo.js';

interface GoogleGrant {
  access_token: string;
  refresh_token?: string | undefined;
  /** The scopes granted, space-separated: Google lets the person untick the calendar on its consent screen. */
  scope?: string | undefined;
}

/** Stores the grant (the refresh token sealed, never the access token) and starts the first sync without waiting. */
async function storeGoogleCalendar(deps: AppDeps, userId: string, accountEmail: string, refreshToken: string): Promise<void> {
  await replaceCalendarConnection(deps.db, userId, {
    provider: 'google',
    account_email: accountEmail,
    refresh_token_encrypted: deps.cipher.seal(refreshToken),
    feed_url_encrypted: null,
    scopes: CALENDAR_SCOPES.join(' '),
  });
  deps.log.info({ userId }, 'Google Calendar connected');
  await deps.jobs.syncCalendar({ userId, trigger: 'connect' }, 0);
}

/** The calendar connection a signed-in user asked for. */
export async function connectGoogleCalendar(deps: AppDeps, userId: string, token: GoogleGrant): Promise<void> {
  const google = deps.config.google;
  if (!google) throw new AppError('UNAVAILABLE', 'Google Calendar is not configured on this server');
  if (!token.refresh_token) throw new AppError('BAD_REQUEST', 'Google did not grant lasting access to the calendar');
  const profile = await fetchGoogleProfile(google, token.access_token);
  await storeGoogleCalendar(deps, userId, profile.email, token.refresh_token);
}

/**
 * Spec §1: signing in with Google also connects its calendar. Only when Google granted lasting calendar access (a
 * later sign-in brings no new refresh token and keeps the stored one), and never over another provider's calendar
 * the user connected on purpose.
 */
export async function connectCalendarOnGoogleSignIn(
  deps: AppDeps,
  user: Pick<UserRow, 'id' | 'calendar_provider'>,
  accountEmail: string,
  token: GoogleGrant,
): Promise<boolean> {
  const calendarGranted = token.scope?.split(' ').includes(CALENDAR_EVENTS_SCOPE) ?? false;
  if (!token.refresh_token || !calendarGranted) return false;
  if (user.calendar_provider !== null && user.calendar_provider !== 'google') return false;
  await storeGoogleCalendar(deps, user.id, accountEmail, token.refresh_token);
  return true;
}
