import {
  AppError,
  breakStatus,
  SERVER_MESSAGES,
  type BreakSession,
  type BreakSessionPatch,
  type RefreshBreaksResult,
} from '@breaker/api-contract';
import {
  catalogueById,
  deleteBreak,
  findBreak,
  listBreaksFromStartOfToday,
  updateBreakOutcome,
  type BreakActivityRow,
  type BreakWithActivity,
  type UpcomingBreakRow,
} from '@breaker/db';
import type { AppDeps } from '../deps.js';

export function toBreakSession(row: UpcomingBreakRow & Pick<BreakWithActivity, 'activity'>): BreakSession {
  return {
    id: row.id,
    scheduledTime: row.scheduled_time.toISOString(),
    duration: row.duration,
    completedAt: row.completed_at?.toISOString() ?? null,
    skipped: row.skipped,
    activityId: row.activity_id,
    placementReason: row.placement_reason,
    activity: row.activity,
  };
}

function activityShown(activity: BreakActivityRow): BreakWithActivity['activity'] {
  const { id, name, type, instructions, duration, difficulty, equipment } = activity;
  return { id, name, type, instructions, duration, difficulty, equipment };
}

/**
 * Breaks from the start of the user's today on, so today's done and missed breaks still show. One query, and the
 * activities come from the per-process catalogue: this is the most frequent read of the product.
 */
export async function listUpcomingBreaks(deps: AppDeps, userId: string): Promise<BreakSession[]> {
  const rows = await listBreaksFromStartOfToday(deps.db, userId, deps.now());
  const catalogue = await catalogueById(
    deps.db,
    rows.map((row) => row.activity_id),
  );
  const sessions: BreakSession[] = [];
  for (const row of rows) {
    const activity = catalogue.get(row.activity_id);
    if (activity) sessions.push(toBreakSession({ ...row, activity: activityShown(activity) }));
  }
  return sessions;
}

export function refreshBreaks(deps: AppDeps, sessionUserId: string, userId: string): Promise<RefreshBreaksResult> {
  if (sessionUserId !== userId) throw new AppError('FORBIDDEN', SERVER_MESSAGES.refreshOwnOnly);
  return deps.jobs.placeBreaks({ userId, trigger: 'refresh' });
}

export async function recordBreakOutcome(
  deps: AppDeps,
  userId: string,
  id: string,
  patch: BreakSessionPatch,
): Promise<BreakSession> {
  const current = await findBreak(deps.db, userId, id);
  if (!current) throw new AppError('NOT_FOUND', SERVER_MESSAGES.breakNotFound);
  if (breakStatus({ completedAt: current.completed_at?.toISOString() ?? null, skipped: current.skipped }) !== 'scheduled') {
    throw new AppError('CONFLICT', 'That break is already completed or skipped');
  }
  const outcome = 'completedAt' in patch ? { completedAt: new Date(patch.completedAt) } : ({ skipped: true } as const);
  await updateBreakOutcome(deps.db, userId, id, outcome);
  const updated = await findBreak(deps.db, userId, id);
  if (!updated) throw new AppError('NOT_FOUND', SERVER_MESSAGES.breakNotFound);
  await deps.jobs.writeBreaksBack(userId);
  return toBreakSession(updated);
}

export async function removeBreak(deps: AppDeps, userId: string, id: string): Promise<{ ok: true }> {
  if (!(await deleteBreak(deps.db, userId, id))) throw new AppError('NOT_FOUND', SERVER_MESSAGES.breakNotFound);
  await deps.jobs.writeBreaksBack(userId);
  return { ok: true };
}
