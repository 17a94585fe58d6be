import { DateTime } from 'luxon';
import { seededRandom, type SeededRandom } from './random.js';
import type { DayShortfall, Interval, PlacedBreak, PlacementInput, PlacementResult, PlannableActivity } from './types.js';

export const ENGINE_VERSION = 'first-fit-1';

const MINUTE = 60_000;
/** Breaks start on a 5-minute grid so they read well in a calendar. */
const GRID = 5 * MINUTE;
const BUFFER_AFTER_MEETING = 5 * MINUTE;
const BUFFER_BEFORE_MEETING = 2 * MINUTE;
const MIN_SPACING = 30 * MINUTE;

interface Span {
  start: number;
  end: number;
}

export function placeBreaks(input: PlacementInput): PlacementResult {
  const now = DateTime.fromISO(input.now, { zone: input.timeZone });
  const random = seededRandom(input.seed);
  const busy = input.busy.map(toSpan);
  const kept = input.existing.filter((b) => b.status !== 'scheduled').map((b) => breakSpan(b.start, b.duration));
  const breaks: PlacedBreak[] = [];
  const shortfalls: DayShortfall[] = [];
  let previousActivity: string | undefined;

  for (let offset = 0; offset < input.horizonDays; offset += 1) {
    const day = now.startOf('day').plus({ days: offset });
    if (!input.workDays.includes(day.weekday)) continue;
    const date = day.toISODate() ?? '';
    const workStart = atLocalTime(day, input.workStart);
    const workEnd = atLocalTime(day, input.workEnd);
    const keptToday = kept.filter((s) => s.start >= workStart && s.start < workEnd);
    const asked = Math.max(0, input.breaksPerDay - keptToday.length);
    if (asked === 0) continue;

    const windowStart = Math.max(workStart, ceilToGrid(now.toMillis()));
    if (windowStart >= workEnd) {
      shortfalls.push({ date, asked, placed: 0, reason: 'The work day is already over.' });
      continue;
    }

    const taken: Span[] = [...keptToday];
    const interval = (workEnd - workStart) / input.breaksPerDay;
    const ideals = Array.from({ length: input.breaksPerDay }, (_, i) => workStart + interval * (i + 0.5)).filter(
      (ideal) => ideal >= windowStart,
    );
    let placedToday = 0;
    for (const ideal of ideals.slice(-asked)) {
      const activity = chooseActivity(input.activities, previousActivity, random);
      if (!activity) break;
      const start = nearestFreeStart(ideal, activity.duration * MINUTE, windowStart, workEnd, busy, taken);
      if (start === undefined) continue;
      taken.push({ start, end: start + activity.duration * MINUTE });
      breaks.push({
        start: DateTime.fromMillis(start, { zone: 'utc' }).toISO() ?? '',
        duration: activity.duration,
        activityId: activity.id,
        reason: 'Nearest free slot to an evenly spaced time in your work hours',
      });
      previousActivity = activity.id;
      placedToday += 1;
    }
    if (placedToday < asked) {
      shortfalls.push({
        date,
        asked,
        placed: placedToday,
        reason:
          input.activities.length === 0
            ? 'No activities are available to schedule.'
            : 'Meetings leave too little free time in your work hours.',
      });
    }
  }
  return { engineVersion: ENGINE_VERSION, breaks, shortfalls };
}

function toSpan(interval: Interval): Span {
  return { start: Date.parse(interval.start), end: Date.parse(interval.end) };
}

function breakSpan(start: string, duration: number): Span {
  const begin = Date.parse(start);
  return { start: begin, end: begin + duration * MINUTE };
}

function atLocalTime(day: DateTime, hhmm: string): number {
  const [hour = 0, minute = 0] = hhmm.split(':').map(Number);
  return day.set({ hour, minute, second: 0, millisecond: 0 }).toMillis();
}

function ceilToGrid(ms: number): number {
  return Math.ceil(ms / GRID) * GRID;
}

function chooseActivity(
  activities: readonly PlannableActivity[],
  previous: string | undefined,
  random: SeededRandom,
): PlannableActivity | undefined {
  const candidates = activities.length > 1 ? activities.filter((a) => a.id !== previous) : activities;
  if (candidates.length === 0) return undefined;
  return candidates[random.pick(candidates.length)];
}

function fits(start: number, length: number, busy: readonly Span[], taken: readonly Span[]): boolean {
  const end = start + length;
  const clearOfMeetings = busy.every((m) => end + BUFFER_BEFORE_MEETING <= m.start || start >= m.end + BUFFER_AFTER_MEETING);
  const clearOfBreaks = taken.every((b) => end + MIN_SPACING <= b.start || start >= b.end + MIN_SPACING);
  return clearOfMeetings && clearOfBreaks;
}

function nearestFreeStart(
  ideal: number,
  length: number,
  windowStart: number,
  windowEnd: number,
  busy: readonly Span[],
  taken: readonly Span[],
): number | undefined {
  const first = ceilToGrid(windowStart);
  const last = windowEnd - length;
  let best: number | undefined;
  for (let start = first; start <= last; start += GRID) {
    if (!fits(start, length, busy, taken)) continue;
    if (best === undefined || Math.abs(start - ideal) < Math.abs(best - ideal)) best = start;
  }
  return best;
}
