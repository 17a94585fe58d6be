import {
  findPreferences,
  listActivities,
  listBreaksBetween,
  listEventsBetween,
  type BreakActivityRow,
  type BreakSessionRow,
  type Db,
} from '@breaker/db';
import {
  allowedStarts,
  chooseSlotActivity,
  proposeSlots,
  slotProblem,
  swapOptions,
  type PlacementInput,
  type SlotProblem,
} from '@breaker/scheduler';
import { activityPool, buildPlacementInput, equipmentAllows, planningWindow } from './placement-input.js';

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
}

export async function loadHandPlanning(db: Db, userId: string, now: Date): Promise<HandPlanning | undefined> {
  const preferences = await findPreferences(db, userId);
  if (!preferences) return undefined;
  const window = planningWindow(preferences, now);
  const [events, breaks, catalogue] = await Promise.all([
    listEventsBetween(db, userId, window.from, window.to),
    listBreaksBetween(db, userId, window.from, window.to),
    listActivities(db),
  ]);
  const input = buildPlacementInput({ userId, preferences, window, events, existing: breaks, catalogue, now });
  const pool = activityPool(preferences, catalogue);
  const usable = catalogue.filter((activity) => equipmentAllows(activity.equipment, preferences.equipment));
  const picked = preferences.selected_activities.length > 0 || preferences.break_types.length > 0;
  return { input, breaks, catalogue, pool, usable, chosen: new Set(picked ? pool.map((activity) => activity.id) : []) };
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
 * activity chosen by the planner's rules (another than the breaks just before and after, when one fits); when nothing
 * fits, the reason, as read at `from`.
 */
export function slotToAdd(planning: HandPlanning, from: Date, to: Date): AddedSlot | { problem: SlotProblem } {
  const durations = [...new Set(planning.pool.map((activity) => activity.duration))].sort((a, b) => b - a);
  for (const duration of durations) {
    const start = allowedStarts(planning.input, duration, from.getTime(), to.getTime())[0];
    if (start === undefined) continue;
    const before = planning.breaks.filter((b) => b.scheduled_time.getTime() < start).at(-1);
    const after = planning.breaks.find((b) => b.scheduled_time.getTime() > start);
    const chosen = chooseSlotActivity(
      planning.input.activities,
      duration,
      { previousId: before?.activity_id, nextId: after?.activity_id },
      planning.input.seed ^ start,
    );
    const activity = planning.catalogue.find((candidate) => candidate.id === chosen?.id);
    if (activity) return { start: new Date(start), activity };
  }
  const shortest = durations.at(-1) ?? 1;
  return { problem: slotProblem(planning.input, from.getTime(), shortest) ?? 'too-close-to-meeting' };
}
