import { AppError, SCHEDULING_HORIZON_DAYS, type CalendarSyncPayload, type CalendarSyncResult } from '@breaker/api-contract';
import { findCalendarConnection, findPreferences, findUserById, markConnectionStatus, markConnectionSynced } from '@breaker/db';
import { DateTime } from 'luxon';
import { createCalendarClient, isInvalidGrant } from '../google/google-calendar-client.js';
import { syncIcsFeed } from '../calendar/ics-sync.js';
import { syncGoogleCalendar, type SyncWindow } from '../google/google-calendar-sync.js';
import type { CalendarJobDeps } from './calendar-job-deps.js';
import { runPlaceBreaks } from './place-breaks.js';

export const SYNCED_MESSAGE = 'Your calendar is up to date';

/** A week back (the week view shows it) to a week past the planning horizon (next week's view). */
export function syncWindow(timeZone: string, now: Date): SyncWindow {
  const today = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
  return {
    from: today.minus({ days: 7 }).toJSDate(),
    to: today.plus({ days: SCHEDULING_HORIZON_DAYS + 7 }).toJSDate(),
    timeZone,
  };
}

/** Reads the user's calendar into Breaker; when the busy time changed, the user's breaks are planned again. */
export async function runCalendarSync(deps: CalendarJobDeps, payload: CalendarSyncPayload): Promise<CalendarSyncResult> {
  const user = await findUserById(deps.db, payload.userId);
  if (!user) throw new AppError('NOT_FOUND', 'That user no longer exists');
  const connection = await findCalendarConnection(deps.db, payload.userId);
  if (!connection) return { needsConnection: true, message: 'No calendar is connected yet' };
  if (connection.status === 'needs_reconnection') {
    return { needsReconnection: true, message: 'Breaker can no longer read your calendar; please reconnect it' };
  }
  const preferences = await findPreferences(deps.db, payload.userId);
  const window = syncWindow(preferences?.timezone ?? 'UTC', deps.now());

  let outcome;
  if (connection.provider === 'ics') {
    outcome = await syncIcsFeed(deps, connection, window);
  } else {
    if (!deps.google || !connection.refresh_token_encrypted) {
      throw new AppError('UNAVAILABLE', 'Google Calendar is not configured on this server');
    }
    const api = createCalendarClient(deps.google, deps.cipher.open(connection.refresh_token_encrypted));
    try {
      outcome = await syncGoogleCalendar(deps, api, connection, window, deps.googleRetry);
    } catch (error) {
      if (!isInvalidGrant(error)) throw error;
      await markConnectionStatus(deps.db, connection.id, 'needs_reconnection');
      deps.log.warn({ userId: payload.userId }, 'Google access was revoked or expired; the calendar needs reconnecting');
      return { needsReconnection: true, message: 'Breaker can no longer read your calendar; please reconnect it' };
    }
  }
  await markConnectionSynced(deps.db, connection.id, deps.now());
  deps.log.info({ userId: payload.userId, ...outcome }, 'calendar synced');
  if (outcome.busyChanged) await runPlaceBreaks(deps, { userId: payload.userId, trigger: 'sync' });
  return { eventsChanged: outcome.eventsChanged, message: SYNCED_MESSAGE };
}
