import type { WriteBackPayload } from '@breaker/api-contract';
import { findCalendarConnection, findPreferences, markConnectionStatus } from '@breaker/db';
import { writeBreaksBack, type WriteBackOutcome } from './providers/google/break-write-back.js';
import { createCalendarClient, isInvalidGrant } from './providers/google/google-calendar-client.js';
import type { CalendarJobDeps } from './calendar-job-deps.js';
import { syncWindow } from './sync-window.js';

/** Puts the user's upcoming breaks into their connected Google Calendar, or takes them out when booking is off. */
export type WriteBackResult = WriteBackOutcome | { skipped: string };

export async function runBreakWriteBack(deps: CalendarJobDeps, payload: WriteBackPayload): Promise<WriteBackResult> {
  const connection = await findCalendarConnection(deps.db, payload.userId);
  if (connection?.provider !== 'google' || connection.status !== 'active' || !connection.refresh_token_encrypted) {
    return { skipped: 'no writable calendar' };
  }
  const preferences = await findPreferences(deps.db, payload.userId);
  if (!preferences) return { skipped: 'no preferences' };
  if (!deps.google) return { skipped: 'Google is not configured' };
  const api = createCalendarClient(deps.google, deps.cipher.open(connection.refresh_token_encrypted), deps.googleTimeoutMs);
  const window = { from: deps.now(), to: syncWindow(preferences.timezone ?? 'UTC', deps.now()).to };
  try {
    const outcome = await writeBreaksBack(deps, api, payload.userId, window, {
      bookingEnabled: preferences.calendar_booking_enabled,
      alertsEnabled: preferences.calendar_alerts_enabled,
      ...(deps.googleRetry ? { retry: deps.googleRetry } : {}),
    });
    deps.log.info({ userId: payload.userId, ...outcome }, 'breaks written to the calendar');
    return outcome;
  } catch (error) {
    if (!isInvalidGrant(error)) throw error;
    await markConnectionStatus(deps.db, connection.id, 'needs_reconnection');
    return { skipped: 'the calendar needs reconnecting' };
  }
}
