import {
  AppError,
  breakStatus,
  SERVER_MESSAGES,
  type BreakSession,
  type BreakSessionPatch,
  type RefreshBreaksResult,
} from '@breaker/api-contract';
import {
  deleteBreak,
  findBreak,
  listUpcomingBreakFields,
  underUserLock,
  updateBreakOutcome,
  type BreakFields,
} from '@breaker/db';
import type { AppDeps } from '../deps.js';
import { skipBreak } from './break-actions.js';
import { answerBreak, answerBreaks } from './break-answer.js';

/**
 * Breaks from the start of the user's today on, so today's done and missed breaks still show. `prefetched` are the
 * same, read with the session by the reader the upcoming-breaks route asks for (request-session.ts).
 */
export async function listUpcomingBreaks(
  deps: AppDeps,
  userId: string,
  prefetched?: readonly BreakFields[] | null,
): Promise<BreakSession[]> {
  return answerBreaks(deps, prefetched ?? (await listUpcomingBreakFields(deps.db, userId, deps.now())));
}

export function refreshBreaks(deps: AppDeps, sessionUserId: string, userId: string): Promise<RefreshBreaksResult> {
  if (sessionUserId !== userId) throw new AppError('FORBIDDEN', SERVER_MESSAGES.refreshOwnOnly);
  return deps.jobs.placeBreaks({ userId, trigger: 'refresh' });
}

/** Completes a break, or skips it through the one skip path (which may book a replacement). */
export async function recordBreakOutcome(
  deps: AppDeps,
  userId: string,
  id: string,
  patch: BreakSessionPatch,
): Promise<BreakSession> {
  if (!('completedAt' in patch)) return skipBreak(deps, userId, id);
  const current = await findBreak(deps.db, userId, id);
  if (!current) throw new AppError('NOT_FOUND', SERVER_MESSAGES.breakNotFound);
  if (breakStatus({ completedAt: current.completed_at, skipped: current.skipped }) !== 'scheduled') {
    throw new AppError('CONFLICT', 'That break is already completed or skipped');
  }
  await underUserLock(deps.db, userId, (trx) =>
    updateBreakOutcome(trx, userId, id, { completedAt: new Date(patch.completedAt) }),
  );
  const answer = await answerBreak(deps, userId, id);
  await deps.jobs.writeBreaksBack(userId);
  return answer;
}

export async function removeBreak(deps: AppDeps, userId: string, id: string): Promise<{ ok: true }> {
  if (!(await underUserLock(deps.db, userId, (trx) => deleteBreak(trx, userId, id))))
    throw new AppError('NOT_FOUND', SERVER_MESSAGES.breakNotFound);
  await deps.jobs.writeBreaksBack(userId);
  return { ok: true };
}
