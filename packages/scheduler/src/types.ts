/**
 * Everything the planner knows. Instants are epoch milliseconds (numbers, never ISO strings: the job converts once,
 * so nothing is parsed in the hot path). No clock is read and no randomness drawn except from `seed`.
 */
export interface PlacementInput {
  /** IANA zone the work hours are in, e.g. 'Europe/Berlin'. An unknown zone is treated as UTC. */
  timeZone: string;
  /** 'HH:MM', local to `timeZone`. */
  workStart: string;
  workEnd: string;
  /** Already clamped to the allowed options by the caller (a stored value outside 3–6 counts as 5). */
  breaksPerDay: number;
  /** ISO weekdays, 1 = Monday … 7 = Sunday; empty means Monday to Friday. */
  workDays: readonly number[];
  /** How many local days, starting with the day that contains `now`, are planned (6 in the product). */
  horizonDays: number;
  /** Epoch milliseconds. */
  now: number;
  /** Time the user's calendar marks busy, epoch milliseconds, any order; overlaps are fine. */
  busy: readonly BusyInterval[];
  /** The user's break sessions in the horizon, any status. */
  existing: readonly ExistingBreak[];
  /** The activity pool, already narrowed to the user's library / types and equipment. */
  activities: readonly PlannableActivity[];
  seed: number;
}

export interface BusyInterval {
  /** Epoch milliseconds, inclusive. */
  start: number;
  /** Epoch milliseconds, exclusive. */
  end: number;
  /** A video call (screen time), for the eye-rest rule. */
  call?: boolean;
}

export type BreakStatus = 'scheduled' | 'completed' | 'skipped';

export interface ExistingBreak {
  /** Epoch milliseconds. */
  start: number;
  /** Minutes. */
  duration: number;
  status: BreakStatus;
  activityId: string;
  /** The user placed or changed it by hand: kept where it is like a completed one, even while still scheduled. */
  pinned?: boolean;
}

export interface PlannableActivity {
  id: string;
  /** stretch, eye-rest, walk, exercise, mindfulness, breathing, or another value. */
  type: string;
  /** Whole minutes, 1 to 4. */
  duration: number;
}

export interface PlacedBreak {
  /** Epoch milliseconds, on a whole minute. */
  start: number;
  /** Minutes: the activity's duration. */
  duration: number;
  activityId: string;
  /** A short human sentence: why this slot (and, when the context chose it, why this kind of activity). */
  reason: string;
}

export interface DayShortfall {
  /** Local date, 'YYYY-MM-DD'. */
  date: string;
  /** Breaks per day the user asked for. */
  asked: number;
  /** Breaks the day ends up with: kept sessions (completed, skipped, pinned, or earlier today) plus new ones. */
  placed: number;
  reason: string;
}

export interface PlacementResult {
  engineVersion: string;
  /** New breaks, earliest first: they replace every future break still scheduled and not pinned. */
  breaks: PlacedBreak[];
  /** One entry for each work day in the horizon that ends up with fewer breaks than asked. */
  shortfalls: DayShortfall[];
}
