import type { CalendarProvider as ProviderName } from '@breaker/api-contract';
import { findCalendarConnection, findPreferences, removeCalendarConnection } from '@breaker/db';
import type { CalendarJobDeps } from './calendar-job-deps.js';
import { providerFor } from './providers/index.js';
import { syncWindow } from './sync-window.js';

/**
 * Disconnects the user's calendar of that provider. First, Breaker's upcoming break events are taken out of it (a
 * write-back with booking off: only events Breaker created are touched), as far as the stored grant or password still
 * allows; when it no longer does, or the server is down, they stay and that is logged in one line, and the connection
 * goes all the same. Past breaks stay in the calendar, as they do while connected. Answers whether one was connected.
 */
export async function disconnectCalendar(deps: CalendarJobDeps, userId: string, provider: ProviderName): Promise<boolean> {
  const connection = await findCalendarConnection(deps.db, userId);
  const writeBack = connection?.provider === provider ? providerFor(provider).writeBack : undefined;
  if (connection && writeBack) {
    const timeZone = (await findPreferences(deps.db, userId))?.timezone ?? 'UTC';
    const window = { from: deps.now(), to: syncWindow(timeZone, deps.now()).to };
    try {
      const outcome = await writeBack(deps, connection, userId, window, { bookingEnabled: false, alertsEnabled: false });
      deps.log.info({ userId, provider, ...outcome }, 'breaks taken out of the calendar before disconnecting');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      deps.log.warn({ userId, provider, reason }, 'breaks left in the calendar: it no longer accepts changes from Breaker');
    }
  }
  return removeCalendarConnection(deps.db, userId, provider);
}
