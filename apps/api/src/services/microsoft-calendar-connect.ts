import { AppError } from '@breaker/api-contract';
import { replaceCalendarConnection, type UserRow } from '@breaker/db';
import type { AppDeps } from '../deps.js';
import type { MicrosoftIdentity } from '../microsoft/id-token.js';
import { CALENDAR_PERMISSION, MICROSOFT_SCOPES } from '../microsoft/oauth-clients.js';

interface MicrosoftGrant {
  refresh_token?: string | undefined;
  /** The permissions granted, space-separated: a user (or their admin) may consent to less than was asked. */
  scope?: string | undefined;
}

const calendarGranted = (token: MicrosoftGrant): boolean =>
  token.scope?.split(' ').some((scope) => scope.toLowerCase().endsWith(CALENDAR_PERMISSION.toLowerCase())) ?? false;

/** Stores the grant (the refresh token sealed, never the access token) and starts the first sync without waiting. */
async function storeMicrosoftCalendar(
  deps: AppDeps,
  userId: string,
  identity: MicrosoftIdentity,
  refreshToken: string,
): Promise<void> {
  await replaceCalendarConnection(deps.db, userId, {
    provider: 'microsoft',
    account_email: identity.email,
    refresh_token_encrypted: deps.cipher.seal(refreshToken),
    feed_url_encrypted: null,
    scopes: MICROSOFT_SCOPES.join(' '),
  });
  deps.log.info({ userId }, 'Microsoft calendar connected');
  await deps.jobs.syncCalendar({ userId, trigger: 'connect' }, 0);
}

/** The calendar connection a signed-in user asked for. */
export async function connectMicrosoftCalendar(
  deps: AppDeps,
  userId: string,
  identity: MicrosoftIdentity,
  token: MicrosoftGrant,
): Promise<void> {
  if (!token.refresh_token || !calendarGranted(token))
    throw new AppError('BAD_REQUEST', 'Microsoft did not grant lasting access to the calendar');
  await storeMicrosoftCalendar(deps, userId, identity, token.refresh_token);
}

/**
 * Signing in with Microsoft also connects its calendar, when the calendar was granted, and never over another
 * provider's calendar the user connected on purpose.
 */
export async function connectCalendarOnMicrosoftSignIn(
  deps: AppDeps,
  user: Pick<UserRow, 'id' | 'calendar_provider'>,
  identity: MicrosoftIdentity,
  token: MicrosoftGrant,
): Promise<boolean> {
  if (!token.refresh_token || !calendarGranted(token)) return false;
  if (user.calendar_provider !== null && user.calendar_provider !== 'microsoft') return false;
  await storeMicrosoftCalendar(deps, user.id, identity, token.refresh_token);
  return true;
}
