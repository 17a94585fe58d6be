import { AppError, QUEUES, type CalendarSyncPayload, type CalendarSyncResult } from '@breaker/api-contract';
import { findCalendarConnection, findPreferences, findUserById, markConnectionStatus, markConnectionSynced } from '@breaker/db';
import { ProviderAccessExpired, providerFor } from './providers/index.js';
import { syncWindow } from './sync-window.js';
import type { CalendarJobDeps } from './calendar-job-deps.js';
import type { JobContext } from './job-context.js';

export const SYNCED_MESSAGE = 'Your calendar is up to date';
const RECONNECT_MESSAGE = 'Breaker can no longer read your calendar; please reconnect it';

/** Reads the user's calendar into Breaker; when the busy time changed, the user's breaks are planned again. */
export async function runCalendarSync(
  deps: CalendarJobDeps,
  payload: CalendarSyncPayload,
  context: JobContext,
): Promise<CalendarSyncResult> {
  const user = await findUserById(deps.db, payload.userId);
  if (!user) throw new AppError('NOT_FOUND', 'That user no longer exists');
  const connection = await findCalendarConnection(deps.db, payload.userId);
  if (!connection) return { needsConnection: true, message: 'No calendar is connected yet' };
  if (connection.status === 'needs_reconnection') return { needsReconnection: true, message: RECONNECT_MESSAGE };
  const preferences = await findPreferences(deps.db, payload.userId);
  const window = syncWindow(preferences?.timezone ?? 'UTC', deps.now());

  let outcome;
  try {
    outcome = await providerFor(connection.provider).sync(deps, connection, window);
  } catch (error) {
    if (!(error instanceof ProviderAccessExpired)) throw error;
    await markConnectionStatus(deps.db, connection.id, 'needs_reconnection');
    deps.log.warn(
      { userId: payload.userId, provider: connection.provider, reason: error.message },
      'calendar access was revoked or expired; the calendar needs reconnecting',
    );
    return { needsReconnection: true, message: RECONNECT_MESSAGE };
  }
  await markConnectionSynced(deps.db, connection.id, deps.now());
  deps.log.info({ userId: payload.userId, ...outcome }, 'calendar synced');
  // Planned before the sync answers, so the breaks a user sees next already avoid the new meetings.
  if (outcome.busyChanged) await context.run(QUEUES.placeBreaks, { userId: payload.userId, trigger: 'sync' });
  return { eventsChanged: outcome.eventsChanged, message: SYNCED_MESSAGE };
}
