import {
  AppError,
  breakStatus,
  SERVER_MESSAGES,
  type BreakActivityOption,
  type BreakSession,
  type BreakSlot,
} from '@breaker/api-contract';
import {
  findBreak,
  insertBreak,
  moveScheduledBreak,
  underUserLock,
  swapBreakActivity,
  updateBreakOutcome,
  type BreakWithActivity,
  type Db,
} from '@breaker/db';
import {
  laterStart,
  loadHandPlanning,
  moveProblem,
  replacementFor,
  skippedThatDay,
  slotsForBreak,
  slotToAdd,
  swapChoices,
  type HandPlanning,
  type SlotProblem,
} from '@breaker/jobs';
import type { AppDeps } from '../deps.js';
import { answerBreak } from './break-answer.js';

/** How many other slots Reschedule offers. */
const PROPOSED_SLOTS = 6;
const HOUR_MS = 60 * 60 * 1000;

const SLOT_MESSAGES: Record<SlotProblem, string> = {
  past: SERVER_MESSAGES.slotPast,
  'outside-work-hours': SERVER_MESSAGES.slotOutsideWorkHours,
  meeting: SERVER_MESSAGES.slotMeeting,
  'too-close-to-meeting': SERVER_MESSAGES.slotNearMeeting,
  'too-close-to-break': SERVER_MESSAGES.slotNearBreak,
  'day-full': SERVER_MESSAGES.slotDayFull,
};

/** Another user's break answers the same as a missing one. */
async function scheduledBreak(db: Db, userId: string, id: string): Promise<BreakWithActivity> {
  const session = await findBreak(db, userId, id);
  if (!session) throw new AppError('NOT_FOUND', SERVER_MESSAGES.breakNotFound);
  if (breakStatus({ completedAt: session.completed_at, skipped: session.skipped }) !== 'scheduled') {
    throw new AppError('CONFLICT', SERVER_MESSAGES.breakAlreadyTaken);
  }
  return session;
}

async function planningFor(deps: AppDeps, db: Db, userId: string): Promise<HandPlanning> {
  const planning = await loadHandPlanning(db, userId, deps.now());
  if (!planning) throw new AppError('NOT_FOUND', SERVER_MESSAGES.notFound);
  return planning;
}

/**
 * Checks and writes under the user's row lock, the one a planning run holds: two changes at once (or a change during
 * a refresh) apply one after the other, so neither fills a day the other is filling. Then the calendar write-back.
 */
async function changeUnderLock(
  deps: AppDeps,
  userId: string,
  change: (db: Db) => Promise<string | undefined>,
): Promise<BreakSession> {
  const changed = await underUserLock(deps.db, userId, async (trx) => ({ id: await change(trx) }));
  if (!changed) throw new AppError('NOT_FOUND', SERVER_MESSAGES.notFound);
  const { id } = changed;
  if (id === undefined) throw new AppError('NOT_FOUND', SERVER_MESSAGES.breakNotFound);
  const answer = await answerBreak(deps, userId, id);
  await deps.jobs.writeBreaksBack(userId);
  return answer;
}

export async function proposeBreakSlots(deps: AppDeps, userId: string, id: string): Promise<BreakSlot[]> {
  const session = await scheduledBreak(deps.db, userId, id);
  const planning = await planningFor(deps, deps.db, userId);
  return slotsForBreak(planning, session, PROPOSED_SLOTS).map((start) => ({ scheduledTime: start.toISOString() }));
}

export function rescheduleBreak(deps: AppDeps, userId: string, id: string, scheduledTime: string): Promise<BreakSession> {
  return changeUnderLock(deps, userId, async (db) => {
    const session = await scheduledBreak(db, userId, id);
    const start = new Date(scheduledTime);
    const problem = moveProblem(await planningFor(deps, db, userId), session, start);
    if (problem) throw new AppError('UNPROCESSABLE', SLOT_MESSAGES[problem]);
    return (await moveScheduledBreak(db, userId, id, start, 'Moved here by you.')) ? id : undefined;
  });
}

export async function breakActivityOptions(deps: AppDeps, userId: string, id: string): Promise<BreakActivityOption[]> {
  const session = await scheduledBreak(deps.db, userId, id);
  const planning = await planningFor(deps, deps.db, userId);
  return swapChoices(planning, session).map((activity) => ({
    id: activity.id,
    name: activity.name,
    type: activity.type,
    duration: activity.duration,
    preferred: planning.chosen.has(activity.id),
  }));
}

export function changeBreakActivity(deps: AppDeps, userId: string, id: string, activityId: string): Promise<BreakSession> {
  return changeUnderLock(deps, userId, async (db) => {
    const session = await scheduledBreak(db, userId, id);
    const planning = await planningFor(deps, db, userId);
    const activity = planning.catalogue.find((candidate) => candidate.id === activityId);
    if (!activity) throw new AppError('BAD_REQUEST', SERVER_MESSAGES.activityNotFound);
    if (!swapChoices(planning, session).some((option) => option.id === activityId)) {
      throw new AppError('UNPROCESSABLE', SERVER_MESSAGES.activityNotForBreak);
    }
    return (await swapBreakActivity(db, userId, id, activity)) ? id : undefined;
  });
}

/** A break in the empty hour starting at `from`, at the first moment there the rules allow. */
export function addBreak(deps: AppDeps, userId: string, from: string): Promise<BreakSession> {
  return changeUnderLock(deps, userId, async (db) => {
    const start = new Date(from);
    const slot = slotToAdd(await planningFor(deps, db, userId), start, new Date(start.getTime() + HOUR_MS));
    if ('problem' in slot) throw new AppError('UNPROCESSABLE', SLOT_MESSAGES[slot.problem]);
    const added = await insertBreak(db, userId, {
      activityId: slot.activity.id,
      scheduledTime: slot.start,
      duration: slot.activity.duration,
      placementReason: 'Added here by you.',
    });
    return added.id;
  });
}

/**
 * A skip, whoever asks (the app, REST, tRPC, a notification's Skip): the break is marked skipped and stays listed; a
 * skip beyond the day's skip budget also books a replacement, pinned, in the next slot that passes every rule, that
 * work day or the next (none when neither has room). The calendar follows like after any change.
 */
export function skipBreak(deps: AppDeps, userId: string, id: string): Promise<BreakSession> {
  return changeUnderLock(deps, userId, async (db) => {
    const session = await scheduledBreak(db, userId, id);
    if (!(await updateBreakOutcome(db, userId, id, { skipped: true }))) return undefined;
    const planning = await planningFor(deps, db, userId);
    const skipped = { ...session, skipped: true };
    if (skippedThatDay(planning, skipped) <= planning.skipBudget) return id;
    const replacement = replacementFor(planning, skipped);
    if (replacement) {
      await insertBreak(db, userId, {
        activityId: replacement.activity.id,
        scheduledTime: replacement.start,
        duration: replacement.activity.duration,
        placementReason: replacement.reason,
      });
    }
    return id;
  });
}

/** "Later", whoever asks: the break moves to the first slot at least 10 minutes on that passes every rule. */
export function moveBreakLater(deps: AppDeps, userId: string, id: string): Promise<BreakSession> {
  return changeUnderLock(deps, userId, async (db) => {
    const session = await scheduledBreak(db, userId, id);
    const start = laterStart(await planningFor(deps, db, userId), session);
    if (!start) throw new AppError('UNPROCESSABLE', SERVER_MESSAGES.noLaterSlot);
    return (await moveScheduledBreak(db, userId, id, start, 'Moved later by you.')) ? id : undefined;
  });
}
