import { SYNC_CADENCE_MS, type BreakReminderPayload } from '@breaker/api-contract';
import {
  type BreakToRemind,
  deleteExpiredPasswordResetTokens,
  deleteExpiredSessions,
  listActiveConnections,
  listUsersPlannedBefore,
} from '@breaker/db';
import { dueReminders } from './break-reminder.js';
import type { JobDeps } from './job-deps.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SweepTargets {
  syncCalendar(userId: string): Promise<void>;
  placeBreaks(userId: string): Promise<void>;
  /** Queues a break's reminder to run at its time. */
  remindBreak(reminder: BreakReminderPayload): Promise<void>;
  /** Prepares the pushes of the breaks whose reminders were queued, while they wait. */
  prepareReminders(breaks: readonly BreakToRemind[]): Promise<void>;
}

/**
 * A stable share (up to a tenth) of the cadence, per user, so thousands of hourly syncs spread over the hour
 * instead of all falling due in the same minute.
 */
export function cadenceJitterMs(userId: string, cadenceMs: number): number {
  let hash = 0;
  for (const char of userId) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return (Math.abs(hash) % 1000) * (cadenceMs / 10_000);
}

export interface SweepResult {
  syncs: number;
  replans: number;
  /** Break reminders queued (again) for their time. */
  reminders: number;
  /** Sessions and password reset links past their expiry, deleted. */
  purged: { sessions: number; resetLinks: number };
}

/**
 * Finds calendars due for their cadence's sync, plans due for their daily roll forward and break reminders falling due
 * soon, and hands them on; deletes expired sessions and reset links, which nothing else ever would.
 */
export async function runMaintenanceSweep(deps: JobDeps, targets: SweepTargets): Promise<SweepResult> {
  const now = deps.now().getTime();
  const purged = {
    sessions: await deleteExpiredSessions(deps.db, new Date(now)),
    resetLinks: await deleteExpiredPasswordResetTokens(deps.db, new Date(now)),
  };
  const due = (await listActiveConnections(deps.db)).filter((connection) => {
    const cadence = SYNC_CADENCE_MS[connection.syncCadence] ?? SYNC_CADENCE_MS['hourly'] ?? 0;
    const last = connection.lastSyncedAt?.getTime() ?? 0;
    return now - last >= cadence + cadenceJitterMs(connection.userId, cadence);
  });
  for (const connection of due) await targets.syncCalendar(connection.userId);
  const stale = await listUsersPlannedBefore(deps.db, new Date(now - DAY_MS));
  for (const userId of stale) await targets.placeBreaks(userId);
  const { jobs: reminders, breaks } = await dueReminders(deps);
  for (const reminder of reminders) await targets.remindBreak(reminder);
  await targets.prepareReminders(breaks);
  if (due.length + stale.length + purged.sessions + purged.resetLinks > 0) {
    deps.log.info({ syncs: due.length, replans: stale.length, reminders: reminders.length, purged }, 'maintenance sweep');
  }
  return { syncs: due.length, replans: stale.length, reminders: reminders.length, purged };
}
