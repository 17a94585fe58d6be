import {
  AppError,
  breakStatus,
  instructionsText,
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

type ShownActivityFields = BreakSession['activity'];

/** The activity as a break shows it: the stored steps become the spec's `instructions` text and travel as `steps`. */
function toShownActivity(activity: BreakWithActivity['activity']): ShownActivityFields {
  const { id, name, type, instructions: steps, duration, difficulty, equipment } = activity;
  return { id, name, type, instructions: instructionsText(steps), steps, duration, difficulty, equipment };
}

export function toBreakSession(row: UpcomingBreakRow & Pick<BreakWithActivity, 'activity'>): BreakSession {
  return { ...toUpcomingBreakJson(row), activity: toShownActivity(row.activity) };
}

/**
 * The part of an activity a break shows, one object per catalogue entry shared by every answer that shows it, and its
 * JSON text, written once: the instructions make up most of each answer's bytes. Keyed by the catalogue's row, so a
 * catalogue read again (an activity it did not know) brings new rows and new text with them.
 */
interface ShownActivity {
  activity: ShownActivityFields;
  json: string;
}

const shownActivities = new WeakMap<BreakActivityRow, ShownActivity>();

function activityShown(row: BreakActivityRow): ShownActivity {
  let shown = shownActivities.get(row);
  if (!shown) {
    const activity = toShownActivity(row);
    shown = { activity, json: JSON.stringify(activity) };
    shownActivities.set(row, shown);
  }
  return shown;
}

/**
 * Breaks from the start of the user's today on, so today's done and missed breaks still show, each as `toAnswer` makes
 * it. Usually they were read with the session (`prefetched`); the activities come from the per-process catalogue:
 * this is the most frequent read of the product.
 */
async function mapUpcomingBreaks<T>(
  deps: AppDeps,
  userId: string,
  prefetched: readonly UpcomingBreakJson[] | null | undefined,
  toAnswer: (upcoming: UpcomingBreakJson, shown: ShownActivity) => T,
): Promise<T[]> {
  const breaks = prefetched ?? (await listBreaksFromStartOfToday(deps.db, userId, deps.now())).map(toUpcomingBreakJson);
  const catalogue = await catalogueById(
    deps.db,
    breaks.map((b) => b.activityId),
  );
  const answers: T[] = [];
  for (const b of breaks) {
    const activity = catalogue.get(b.activityId);
    if (activity) answers.push(toAnswer(b, activityShown(activity)));
  }
  return answers;
}

export function listUpcomingBreaks(
  deps: AppDeps,
  userId: string,
  prefetched?: readonly UpcomingBreakJson[] | null,
): Promise<BreakSession[]> {
  return mapUpcomingBreaks(deps, userId, prefetched, (b, shown) => ({ ...b, activity: shown.activity }));
}

/**
 * The same answer already as JSON text, byte for byte `JSON.stringify(await listUpcomingBreaks(...))`: each break's
 * own fields through `JSON.stringify`, and the activity's text written in where `{ ...b, activity }` puts it, last.
 * Serialising the activities on every request was the largest cost of the read.
 */
export async function listUpcomingBreaksJson(
  deps: AppDeps,
  userId: string,
  prefetched?: readonly UpcomingBreakJson[] | null,
): Promise<string> {
  const breaks = await mapUpcomingBreaks(
    deps,
    userId,
    prefetched,
    (b, shown) => `${JSON.stringify(b).slice(0, -1)},"activity":${shown.json}}`,
  );
  return `[${breaks.join(',')}]`;
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
