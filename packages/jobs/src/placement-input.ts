import { breakStatus, effectiveBreaksPerDay, SCHEDULING_HORIZON_DAYS, statusBlocks } from '@breaker/api-contract';
import type { BreakActivityRow, BreakSessionRow, PlanningEvent, PlanningPreferences } from '@breaker/db';
import {
  equipmentAllows,
  keepsPin,
  startOfLocalDay,
  workDayFrames,
  type BusyInterval,
  type PlacementInput,
} from '@breaker/scheduler';
import { DateTime } from 'luxon';

export interface PlanningWindow {
  from: Date;
  to: Date;
  timeZone: string;
}

/** The 6 days starting today, in the user's zone (UTC until they have saved one). */
export function planningWindow(preferences: PlanningPreferences, now: Date): PlanningWindow {
  const timeZone = preferences.timezone ?? 'UTC';
  const today = startOfLocalDay(timeZone, now);
  return {
    from: today.toJSDate(),
    to: today.plus({ days: SCHEDULING_HORIZON_DAYS }).toJSDate(),
    timeZone,
  };
}

/**
 * The activity pool: the user's saved library, else their preferred types, else the whole catalogue — each narrowed
 * to the equipment they have; the first of these that leaves anything is the pool.
 */
export function activityPool(preferences: PlanningPreferences, catalogue: readonly BreakActivityRow[]): BreakActivityRow[] {
  const usable = catalogue.filter((a) => equipmentAllows(a.equipment, preferences.equipment));
  if (preferences.selected_activities.length > 0) {
    const chosen = new Set(preferences.selected_activities);
    const library = usable.filter((a) => chosen.has(a.id));
    if (library.length > 0) return library;
  }
  if (preferences.break_types.length > 0) {
    const types = new Set(preferences.break_types);
    const preferred = usable.filter((a) => types.has(a.type));
    if (preferred.length > 0) return preferred;
  }
  return usable;
}

/** Same user, same local day: same seed, so planning twice in a day gives the same plan. */
export function planningSeed(userId: string, localDate: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${userId}:${localDate}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** Database rows → the engine's input: Dates become epoch milliseconds here, once. */
export function buildPlacementInput(args: {
  userId: string;
  preferences: PlanningPreferences;
  window: PlanningWindow;
  events: readonly PlanningEvent[];
  existing: readonly BreakSessionRow[];
  catalogue: readonly BreakActivityRow[];
  now: Date;
}): PlacementInput {
  const { preferences, window, now } = args;
  const busy: BusyInterval[] = [];
  for (const event of args.events) {
    // The user's setting says which statuses block, so changing it re-plans from the stored events alone.
    if (event.blocks_time && statusBlocks(event.show_as, preferences.blocking_statuses))
      busy.push({ start: event.start_time.getTime(), end: event.end_time.getTime(), call: event.call });
  }
  const input: PlacementInput = {
    timeZone: window.timeZone,
    workStart: preferences.work_start_time,
    workEnd: preferences.work_end_time,
    // Fewer breaks a day than the user pinned on a day: the pins all hold (each is a time the user chose; dropping
    // some would mean picking which for them) and the planner adds none that day, as for any day its kept breaks fill.
    breaksPerDay: effectiveBreaksPerDay(preferences.break_frequency),
    workDays: preferences.work_days,
    horizonDays: SCHEDULING_HORIZON_DAYS,
    now: now.getTime(),
    busy,
    existing: [],
    activities: activityPool(preferences, args.catalogue).map((a) => ({ id: a.id, type: a.type, duration: a.duration })),
    seed: planningSeed(args.userId, DateTime.fromJSDate(now, { zone: window.timeZone }).toISODate() ?? ''),
  };
  // The engine's own frame of each work day (work hours in the user's zone), so a pin is judged as the plan is made.
  const workDays = workDayFrames(input);
  return {
    ...input,
    existing: args.existing.map((b) => {
      const session = {
        start: b.scheduled_time.getTime(),
        duration: b.duration,
        status: breakStatus({ completedAt: b.completed_at, skipped: b.skipped }),
        activityId: b.activity_id,
      };
      return { ...session, pinned: keepsPin({ ...session, pinned: b.pinned }, busy, workDays, input.now) };
    }),
  };
}
