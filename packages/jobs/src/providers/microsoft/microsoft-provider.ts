import { AppError } from '@breaker/api-contract';
import { saveRefreshToken, type CalendarConnectionRow } from '@breaker/db';
import type { CalendarJobDeps } from '../../calendar-job-deps.js';
import { expiryAware, type CalendarProvider } from '../calendar-provider.js';
import { writeBreaksToOutlook } from './break-write-back.js';
import { GraphClient, isInvalidGrant } from './graph-client.js';
import { syncMicrosoftCalendar } from './microsoft-calendar-sync.js';

/** A revoked or expired grant (invalid_grant, with AADSTS50173, 700082 and their kind) is fixed only by reconnecting. */
const expiredAsProviderError = expiryAware(isInvalidGrant, 'Microsoft access was revoked or expired');

function client(deps: CalendarJobDeps, connection: CalendarConnectionRow): GraphClient | undefined {
  if (!deps.microsoft || !connection.refresh_token_encrypted) return undefined;
  return new GraphClient(deps.microsoft, {
    connectionId: connection.id,
    refreshToken: deps.cipher.open(connection.refresh_token_encrypted),
    // Microsoft rotates refresh tokens: the newest is kept, sealed, so the grant lives as long as it is used.
    onNewRefreshToken: (token) => saveRefreshToken(deps.db, connection.id, deps.cipher.seal(token)),
    ...(deps.providerTimeoutMs !== undefined && { timeoutMs: deps.providerTimeoutMs }),
    ...(deps.providerRetry && { retry: deps.providerRetry }),
  });
}

/** Microsoft 365 and Outlook.com over Graph: the default calendar is read through calendarView delta and written. */
export const microsoftProvider: CalendarProvider = {
  name: 'microsoft',
  sync(deps, connection, window) {
    const graph = client(deps, connection);
    if (!graph) throw new AppError('UNAVAILABLE', 'Microsoft calendars are not configured on this server');
    return expiredAsProviderError(() => syncMicrosoftCalendar(deps, graph, connection, window));
  },
  async writeBack(deps, connection, userId, window, options) {
    const graph = client(deps, connection);
    if (!graph) return { skipped: 'Microsoft is not configured' };
    return expiredAsProviderError(() => writeBreaksToOutlook(deps, graph, userId, window, options));
  },
};
