/** Everything the planner knows. Times are ISO 8601 instants; no clock is read and no randomness drawn except from `seed`. */
export interface PlacementInput {
  /** IANA zone the work hours are in, e.g. 'Europe/Berlin'. */
  timeZone: string;
  /** 'HH:MM', local to `timeZone`. */
  workStart: string;
  workEnd: string;
  /** Already clamped to the allowed options by the caller. */
  breaksPerDay: number;
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  workDays: readonly number[];
  horizonDays: number;
  now: string;
  busy: readonly Interval[];
  existing: readonly ExistingBreak[];
  activities: readonly PlannableActivity[];
  seed: number;
}

export interface Interval {
  start: string;
  end: string;
}

export interface ExistingBreak {
  start: string;
  duration: number;
  status: 'scheduled' | 'completed' | 'skipped';
  activityId: string;
}

export interface PlannableActivity {
  id: string;
  type: string;
  duration: number;
}

export interface PlacedBreak {
  start: string;
  duration: number;
  activityId: string;
  reason: string;
}

export interface DayShortfall {
  /** Local date, 'YYYY-MM-DD'. */
  date: string;
  asked: number;
  placed: number;
  reason: string;
}

export interface PlacementResult {
  engineVersion: string;
  breaks: PlacedBreak[];
  shortfalls: DayShortfall[];
}
