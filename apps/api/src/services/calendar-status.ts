import type { CalendarStatus } from '@breaker/api-contract';
import { findCalendarConnection } from '@breaker/db';
import type { AppDeps } from '../deps.js';

/** The connected calendar's state and when it was last read, for the header's sync indicator. */
export async function calendarStatus(deps: AppDeps, userId: string): Promise<CalendarStatus> {
  const connection = await findCalendarConnection(deps.db, userId);
  if (!connection) return { state: 'not-connected', provider: null, lastSyncedAt: null };
  return {
    state: connection.status === 'needs_reconnection' ? 'needs-reconnection' : 'synced',
    provider: connection.provider,
    lastSyncedAt: connection.last_synced_at?.toISOString() ?? null,
  };
}
