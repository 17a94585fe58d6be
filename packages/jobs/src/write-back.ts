import type { WriteBackPayload } from '@breaker/api-contract';
import { beginWriteBack, endWriteBack, findCalendarConnection, findPreferences, markConnectionStatus } from '@breaker/db';
import type { CalendarJobDeps } from './calendar-job-deps.js';
import { ProviderAccessExpired, providerFor, type WriteBackResult } from './providers/index.js';
import { syncWindow } from './sync-window.js';

export type { WriteBackResult } from './providers/index.js';

/** Puts the user's upcoming breaks into their connected calendar, or takes them out when booking is off. */
export async function runBreakWriteBack(deps: CalendarJobDeps, payload: WriteBackPayload): Promise<WriteBackResult> {
  const connection = await findCalendarConnection(deps.db, payload.userId);
  if (!connection || connection.status !== 'active') return { skipped: 'no writable calendar' };
  const provider = providerFor(connection.provider);
  if (!provider.writeBack) return { skipped: 'no writable calendar' };
  const preferences = await findPreferences(deps.db, payload.userId);
  if (!preferences) return { skipped: 'no preferences' };
  const window = { from: deps.now(), to: syncWindow(preferences.timezone ?? 'UTC', deps.now()).to };
  // A disconnect waits for this stamp to clear before it takes Breaker's events out (queries/calendar-writer.ts).
  if (!(await beginWriteBack(deps.db, connection.id))) return { skipped: 'no writable calendar' };
  try {
    const outcome = await provider.writeBack(deps, connection, payload.userId, window, {
      bookingEnabled: preferences.calendar_booking_enabled,
      alertsEnabled: preferences.calendar_alerts_enabled,
    });
    if (!('skipped' in outcome)) deps.log.info({ userId: payload.userId, ...outcome }, 'breaks written to the calendar');
    return outcome;
  } catch (error) {
    if (!(error instanceof ProviderAccessExpired)) throw error;
    await markConnectionStatus(deps.db, connection.id, 'needs_reconnection');
    return { skipped: 'the calendar needs reconnecting' };
  } finally {
    await endWriteBack(deps.db, connection.id);
  }
}
