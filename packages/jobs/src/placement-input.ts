import { breakStatus, effectiveBreaksPerDay, SCHEDULING_HORIZON_DAYS, statusBlocks } from '@breaker/api-contract';
import type { BreakActivityRow, BreakSessionRow, CalendarEventRow, PreferencesRow } from '@breaker/db';
import { startOfLocalDay, workDayFrames, type BusyInterval, type PlacementInput, type WorkDayFrame } from '@breaker/scheduler';
import { DateTime } from 'luxon';

export interface PlanningWindow {
  from: Date;
  to: Date;
  timeZone: string;
}

/** The 6 days starting today, in the user's zone (UTC until they have saved one). */
export function planningWindow(preferences: PreferencesRow, now: Date): PlanningWindow {
  const timeZone = preferences.timezone ?? 'UTC';
  const today = startOfLocalDay(timeZone, now);
  return {
    from: today.toJSDate(),
    to: today.plus({ days: SCHEDULING_HORIZON_DAYS }).toJSDate(),
    timeZone,
  };
}

/*
 * Equipment. An activity needs what its `equipment` text names ('none' = nothing). The words below are things every
 * office has; an activity that needs only such things stays in the pool unless the user's equipment list says
 * otherwise ('no wall', 'without a desk'). Anything else (stairs, a resistance band, …) stays only when the user's
 * list names it. 'none' in the user's list means "nothing special" and changes nothing.
 */
const OFFICE_WORDS = new Set([
  'chair',
  'chairs',
  'desk',
  'desks',
  'edge',
  'table',
  'wall',
  'doorway',
  'door',
  'window',
  'water',
  'bottle',
  'cup',
  'mug',
  'glass',
  'tea',
  'coffee',
  'pen',
  'paper',
  'notes',
  'app',
  'phone',
]);
/** Articles, linking words and plain qualifiers that name no extra thing. */
const FILLER_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'and',
  'or',
  'your',
  'any',
  'some',
  'sturdy',
  'stable',
  'solid',
  'free',
  'clear',
  'nearby',
]);

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, ' ')
    .replace(/\b(a|an|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function words(text: string): string[] {
  return normalise(text).split(' ').filter(Boolean);
}

/** True when `needed` names nothing but office things ("a sturdy desk and a chair without wheels" does). */
export function isOfficeEquipment(needed: string): boolean {
  // "without wheels" narrows which chair; it asks for nothing extra.
  const named = words(needed.replace(/\bwithout\s+\w+/gi, ' ')).filter((w) => !FILLER_WORDS.has(w));
  return named.length > 0 && named.every((w) => OFFICE_WORDS.has(w));
}

function mentions(needed: string, item: string): boolean {
  const need = ` ${normalise(needed)} `;
  const have = ` ${normalise(item)} `;
  return have.trim() !== '' && (need.includes(have) || have.includes(need));
}

/** Whether the user can do an activity needing `needed`, given their equipment list. */
export function equipmentAllows(needed: string, userEquipment: readonly string[]): boolean {
  const need = normalise(needed);
  if (need === '' || need === 'none') return true;
  const lacking: string[] = [];
  const having: string[] = [];
  for (const entry of userEquipment) {
    const match = /^\s*(?:no|not|without|lacking)\s+(.+)$/i.exec(entry);
    if (match) lacking.push(match[1]!);
    else if (normalise(entry) !== 'none') having.push(entry);
  }
  const needWords = words(needed);
  if (lacking.some((item) => words(item).some((w) => !FILLER_WORDS.has(w) && needWords.includes(w)))) return false;
  if (having.some((item) => mentions(needed, item))) return true;
  return isOfficeEquipment(needed);
}

/**
 * The activity pool: the user's saved library, else their preferred types, else the whole catalogue — each narrowed
 * to the equipment they have; the first of these that leaves anything is the pool.
 */
export function activityPool(preferences: PreferencesRow, catalogue: readonly BreakActivityRow[]): BreakActivityRow[] {
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

/**
 * Whether a break the user pinned stays where it is in this plan. The pin holds the time the user chose under the
 * calendar and work hours of that moment, so it goes (and the break is planned again) when those no longer allow it.
 */
function keepsPin(
  session: BreakSessionRow,
  busy: readonly BusyInterval[],
  workDays: readonly WorkDayFrame[],
  now: Date,
): boolean {
  if (!session.pinned) return false;
  const start = session.scheduled_time.getTime();
  const end = start + session.duration * 60_000;
  // Only a break still ahead and still to take can be planned again; any other one stays as it is, pin included.
  if (breakStatus({ completedAt: session.completed_at, skipped: session.skipped }) !== 'scheduled' || start < now.getTime())
    return true;
  // A break in the middle of a meeting cannot be taken, so re-planning it into a free gap serves the user better.
  if (busy.some((meeting) => meeting.start < end && meeting.end > start)) return false;
  // Work hours or work days changed since it was pinned: a break at 08:30 when work now starts at 10:00, or on a day
  // that is no longer a work day, is one the user would not want, so it moves into the new hours like the others.
  return workDays.some((day) => start >= day.workStart && end <= day.workEnd);
}

/** Database rows → the engine's input: Dates become epoch milliseconds here, once. */
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
    existing: args.existing.map((b) => ({
      start: b.scheduled_time.getTime(),
      duration: b.duration,
      status: breakStatus({ completedAt: b.completed_at, skipped: b.skipped }),
      activityId: b.activity_id,
      pinned: keepsPin(b, busy, workDays, now),
    })),
  };
}
