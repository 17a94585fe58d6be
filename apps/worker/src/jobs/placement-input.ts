import { effectiveBreaksPerDay, SCHEDULING_HORIZON_DAYS } from '@breaker/api-contract';
import type { BreakActivityRow, BreakSessionRow, CalendarEventRow, PreferencesRow } from '@breaker/db';
import type { PlacementInput } from '@breaker/scheduler';
import { DateTime } from 'luxon';

export interface PlanningWindow {
  from: Date;
  to: Date;
  timeZone: string;
}

/** The 6 days starting today, in the user's zone (UTC until they have saved one). */
export function planningWindow(preferences: PreferencesRow, now: Date): PlanningWindow {
  const timeZone = preferences.timezone ?? 'UTC';
  const today = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
  return {
    from: today.toJSDate(),
    to: today.plus({ days: SCHEDULING_HORIZON_DAYS }).toJSDate(),
    timeZone,
  };
}

/** The user's saved library, else their preferred types, else the whole catalogue. */
export function activityPool(preferences: PreferencesRow, catalogue: readonly BreakActivityRow[]): BreakActivityRow[] {
  if (preferences.selected_activities.length > 0) {
    const chosen = new Set(preferences.selected_activities);
    const library = catalogue.filter((a) => chosen.has(a.id));
    if (library.length > 0) return library;
  }
  if (preferences.break_types.length > 0) {
    const types = new Set(preferences.break_types);
    const preferred = catalogue.filter((a) => types.has(a.type));
    if (preferred.length > 0) return preferred;
  }
  return [...catalogue];
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

export function buildPlacementInput(args: {
  userId: string;
  preferences: PreferencesRow;
  window: PlanningWindow;
  events: readonly CalendarEventRow[];
  existing: readonly BreakSessionRow[];
  catalogue: readonly BreakActivityRow[];
  now: Date;
}): PlacementInput {
  const { preferences, window, now } = args;
  return {
    timeZone: window.timeZone,
    workStart: preferences.work_start_time,
    workEnd: preferences.work_end_time,
    breaksPerDay: effectiveBreaksPerDay(preferences.break_frequency),
    workDays: preferences.work_days,
    horizonDays: SCHEDULING_HORIZON_DAYS,
    now: now.toISOString(),
    busy: args.events
      .filter((e) => e.blocks_time)
      .map((e) => ({ start: e.start_time.toISOString(), end: e.end_time.toISOString() })),
    existing: args.existing.map((b) => ({
      start: b.scheduled_time.toISOString(),
      duration: b.duration,
      status: b.completed_at ? 'completed' : b.skipped ? 'skipped' : 'scheduled',
      activityId: b.activity_id,
    })),
    activities: activityPool(preferences, args.catalogue).map((a) => ({ id: a.id, type: a.type, duration: a.duration })),
    seed: planningSeed(args.userId, DateTime.fromJSDate(now, { zone: window.timeZone }).toISODate() ?? ''),
  };
}
