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
  type UpcomingBreakJson,
  type UpcomingBreakRow,
} from '@breaker/db';
import type { AppDeps } from '../deps.js';

function toUpcomingBreakJson(row: UpcomingBreakRow): UpcomingBreakJson {
  return {
    id: row.id,
    scheduledTime: row.scheduled_time.toISOString(),
    duration: row.duration,
    completedAt: row.completed_at?.toISOString() ?? null,
    skipped: row.skipped,
    activityId: row.activity_id,
    placementReason: row.placement_reason,
    pinned: row.pinned,
  };
}

export function toBreakSession(row: UpcomingBreakRow & Pick<BreakWithActivity, 'activity'>): BreakSession {
  return { ...toUpcomingBreakJson(row), activity: row.activity };
}

/** The part of an activity a break shows; one object per catalogue entry, shared by every answer that shows it. */
const shownActivities = new WeakMap<BreakActivityRow, BreakWithActivity['activity']>();

function activityShown(activity: BreakActivityRow): BreakWithActivity['activity'] {
  let shown = shownActivities.get(activity);
  if (!shown) {
    const { id, name, type, instructions, duration, difficulty, equipment } = activity;
    shown = { id, name, type, instructions, duration, difficulty, equipment };
    shownActivities.set(activity, shown);
  }
  return shown;
}

/**
 * Breaks from the start of the user's today on, so today's done and missed breaks still show. Usually they were read
 * with the session (`prefetched`); the activities come from the per-process catalogue: this is the most frequent read
 * of the product.
 */
export async function listUpcomingBreaks(
  deps: AppDeps,
  userId: string,
  prefetched?: readonly UpcomingBreakJson[] | null,
): Promise<BreakSession[]> {
  const breaks = prefetched ?? (await listBreaksFromStartOfToday(deps.db, userId, deps.now())).map(toUpcomingBreakJson);
  const catalogue = await catalogueById(
    deps.db,
    breaks.map((b) => b.activityId),
  );
  const sessions: BreakSession[] = [];
  for (const b of breaks) {
    const activity = catalogue.get(b.activityId);
    if (activity) sessions.push({ ...b, activity: activityShown(activity) });
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
