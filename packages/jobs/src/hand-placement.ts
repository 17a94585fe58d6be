import {
  findPreferences,
  listActivities,
  listBreaksBetween,
  listPlanningEventsBetween,
  type BreakActivityRow,
  type BreakSessionRow,
  type Db,
  type PlanningEvent,
  type PreferencesRow,
} from '@breaker/db';
import {
  allowedStarts,
  chooseSlotActivity,
  equipmentAllows,
  nextGoodSlot,
  proposeSlots,
  slotProblem,
  swapOptions,
  workDayFrames,
  type PlacementInput,
  type SlotProblem,
} from '@breaker/scheduler';
import { DateTime } from 'luxon';
import { activityPool, buildPlacementInput, planningWindow } from './placement-input.js';

export type { SlotProblem };

/*
 * Breaks the user moves, swaps or adds by hand, planned with the engine's rules on the same input a refresh builds
 * (the 6 days from today, the user's meetings, their other breaks and their activity pool).
 */

export interface HandPlanning {
  input: PlacementInput;
  /** The breaks of the window, in the order of `input.existing`. */
  breaks: BreakSessionRow[];
  catalogue: BreakActivityRow[];
  pool: BreakActivityRow[];
  usable: BreakActivityRow[];
  /** Activities the user picked: the pool when it comes from their library or preferred types, else none. */
  chosen: Set<string>;
  /** Breaks a day the user may skip before a skip books a replacement. */
  skipBudget: number;
}

export async function loadHandPlanning(db: Db, userId: string, now: Date): Promise<HandPlanning | undefined> {
  const preferences = await findPreferences(db, userId);
  if (!preferences) return undefined;
  const window = planningWindow(preferences, now);
  const [events, breaks, catalogue] = await Promise.all([
    listPlanningEventsBetween(db, userId, window.from, window.to),
    listBreaksBetween(db, userId, window.from, window.to),
    listActivities(db),
  ]);
  return handPlanning({ userId, preferences, events, breaks, catalogue, now });
}

/** The same, from rows already read. */
export function handPlanning(rows: {
  userId: string;
  preferences: PreferencesRow;
  events: readonly PlanningEvent[];
  breaks: BreakSessionRow[];
  catalogue: BreakActivityRow[];
  now: Date;
}): HandPlanning {
  const { userId, preferences, events, breaks, catalogue, now } = rows;
  const window = planningWindow(preferences, now);
  const input = buildPlacementInput({ userId, preferences, window, events, existing: breaks, catalogue, now });
  const pool = activityPool(preferences, catalogue);
  const usable = catalogue.filter((activity) => equipmentAllows(activity.equipment, preferences.equipment));
  const picked = preferences.selected_activities.length > 0 || preferences.break_types.length > 0;
  return {
    input,
    breaks,
    catalogue,
    pool,
    usable,
    chosen: new Set(picked ? pool.map((activity) => activity.id) : []),
    skipBudget: preferences.skip_budget,
  };
}

function withoutBreak(planning: HandPlanning, breakId: string | undefined): PlacementInput {
  return { ...planning.input, existing: planning.input.existing.filter((_, i) => planning.breaks[i]?.id !== breakId) };
}

/** Other free slots for a break, as the engine would allow them, nearest first up to `limit`, in time order. */
export function slotsForBreak(planning: HandPlanning, session: BreakSessionRow, limit: number): Date[] {
  return proposeSlots(withoutBreak(planning, session.id), {
    duration: session.duration,
    currentStart: session.scheduled_time.getTime(),
    limit,
  }).map((start) => new Date(start));
}

/** Why a break cannot move to `start`, or undefined when it can. */
export function moveProblem(planning: HandPlanning, session: BreakSessionRow, start: Date): SlotProblem | undefined {
  return slotProblem(withoutBreak(planning, session.id), start.getTime(), session.duration);
}

/** Activities the break can change to: those that fit its slot, the user's pool first. */
export function swapChoices(planning: HandPlanning, session: BreakSessionRow): BreakActivityRow[] {
  return swapOptions(planning.pool, planning.usable, session.duration, session.activity_id);
}

export interface AddedSlot {
  start: Date;
  activity: BreakActivityRow;
}

/**
 * A new break inside [from, to): the first allowed start for the longest activity of the pool that has one, with an
 * activity chosen by the planner's rules; when nothing fits, the reason, as read at `from`.
 */
export function slotToAdd(planning: HandPlanning, from: Date, to: Date): AddedSlot | { problem: SlotProblem } {
  const durations = poolDurations(planning);
  for (const duration of durations) {
    const start = allowedStarts(planning.input, duration, from.getTime(), to.getTime())[0];
    if (start === undefined) continue;
    const activity = activityFor(planning, start, duration);
    if (activity) return { start: new Date(start), activity };
  }
  const shortest = durations.at(-1) ?? 1;
  return { problem: slotProblem(planning.input, from.getTime(), shortest) ?? 'too-close-to-meeting' };
}

/** The pool's durations, longest first. */
function poolDurations(planning: HandPlanning): number[] {
  return [...new Set(planning.pool.map((activity) => activity.duration))].sort((a, b) => b - a);
}

/** An activity of `duration` minutes for a break at `start`: another than the breaks just before and after, when one fits. */
function activityFor(planning: HandPlanning, start: number, duration: number): BreakActivityRow | undefined {
  const before = planning.breaks.filter((b) => b.scheduled_time.getTime() < start).at(-1);
  const after = planning.breaks.find((b) => b.scheduled_time.getTime() > start);
  const chosen = chooseSlotActivity(
    planning.input.activities,
    duration,
    { previousId: before?.activity_id, nextId: after?.activity_id },
    planning.input.seed ^ start,
  );
  return planning.catalogue.find((candidate) => candidate.id === chosen?.id);
}

const MINUTE_MS = 60_000;
/** "Later" moves a break at least this far: the notification's promise ("in a few minutes"), kept when the slot allows. */
const LATER_MINUTES = 10;

/**
 * Where "Later" moves a break: the next good slot (the scheduler's nextGoodSlot: work hours, meetings and their
 * buffers, spacing from the other breaks, the day's number) at least 10 minutes after it (after now, once it has
 * started), up to the end of the planning window.
 */
export function laterStart(planning: HandPlanning, session: BreakSessionRow): Date | undefined {
  const input = withoutBreak(planning, session.id);
  const from = Math.max(session.scheduled_time.getTime(), input.now) + LATER_MINUTES * MINUTE_MS;
  const slot = nextGoodSlot(input, { from, durations: [session.duration] });
  return slot === undefined ? undefined : new Date(slot.start);
}

function workDayOf(planning: HandPlanning, at: Date) {
  return workDayFrames(planning.input).find((day) => at.getTime() >= day.workStart && at.getTime() < day.workEnd);
}

/** How many breaks of the work day holding `session` are skipped, `session` included once it is. */
export function skippedThatDay(planning: HandPlanning, session: BreakSessionRow): number {
  const day = workDayOf(planning, session.scheduled_time);
  if (!day) return 0;
  return planning.breaks.filter((b) => {
    const start = b.scheduled_time.getTime();
    return b.skipped && start >= day.workStart && start < day.workEnd;
  }).length;
}

export interface Replacement extends AddedSlot {
  reason: string;
}

/** A replacement looks in the skipped break's work day, then the next one when the rest of that day has no room. */
const REPLACEMENT_WORK_DAYS = 2;

/**
 * The break that stands in for `skipped` (already marked skipped in `planning`): the next good slot after it (the
 * scheduler's nextGoodSlot) in the same work day, or the next work day when the rest of that one has no room, with the
 * longest activity of the pool that fits there, chosen as for an added break. A skipped break is not taken, so the
 * day's skipped breaks do not count toward its number; they still keep their distance (breaks never overlap).
 * Undefined when neither day has such a slot.
 */
export function replacementFor(planning: HandPlanning, skipped: BreakSessionRow): Replacement | undefined {
  const input = { ...planning.input, breaksPerDay: planning.input.breaksPerDay + skippedThatDay(planning, skipped) };
  const from = skipped.scheduled_time.getTime() + skipped.duration * MINUTE_MS;
  const slot = nextGoodSlot(input, { from, durations: poolDurations(planning), workDays: REPLACEMENT_WORK_DAYS });
  const activity = slot && activityFor(planning, slot.start, slot.duration);
  if (!slot || !activity) return undefined;
  const at = DateTime.fromJSDate(skipped.scheduled_time, { zone: planning.input.timeZone });
  const clock = at.isValid
    ? at.toFormat('HH:mm')
    : DateTime.fromJSDate(skipped.scheduled_time, { zone: 'utc' }).toFormat('HH:mm');
  const day = workDayOf(planning, new Date(slot.start));
  const sameDay = day !== undefined && day.date === workDayOf(planning, skipped.scheduled_time)?.date;
  const when = sameDay ? `at ${clock}` : `${at.isValid ? at.toFormat('cccc') : 'the day before'} at ${clock}`;
  return { start: new Date(slot.start), activity, reason: `Replaces the break you skipped ${when}.` };
}
