import {
  AppError,
  DEFAULT_PREFERENCES,
  SERVER_MESSAGES,
  statusBlocks,
  type CalendarEvent,
  type CalendarSyncResult,
} from '@breaker/api-contract';
import { findPreferences, listEventsBetween } from '@breaker/db';
import { syncWindow } from '@breaker/jobs';
import type { AppDeps } from '../deps.js';

/** Served from the database only: reading the calendar never waits on Google. */
export async function listCalendarEvents(deps: AppDeps, userId: string): Promise<CalendarEvent[]> {
  const preferences = await findPreferences(deps.db, userId);
  // The window the sync fills: a week back as well, so the week view's earlier days are not empty.
  const { from, to } = syncWindow(preferences?.timezone ?? 'UTC', deps.now());
  const rows = await listEventsBetween(deps.db, userId, from, to);
  const blocking = preferences?.blocking_statuses ?? DEFAULT_PREFERENCES.blockingStatuses;
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    startTime: row.start_time.toISOString(),
    endTime: row.end_time.toISOString(),
    isAllDay: row.is_all_day,
    // As the planner reads it: the user's setting says which statuses block (placement-input.ts).
    blocksTime: row.blocks_time && statusBlocks(row.show_as, blocking),
    showAs: row.show_as,
  }));
}

/** A sync request never waits on a slow Google for longer than this; it answers that the sync is running. */
const SYNC_WAIT_MS = 4000;

export function syncCalendar(deps: AppDeps, sessionUserId: string, userId: string): Promise<CalendarSyncResult> {
  if (sessionUserId !== userId) throw new AppError('FORBIDDEN', SERVER_MESSAGES.syncOwnOnly);
  return deps.jobs.syncCalendar({ userId, trigger: 'manual' }, SYNC_WAIT_MS);
}
