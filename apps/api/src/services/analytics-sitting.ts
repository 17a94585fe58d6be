import { DEFAULT_PREFERENCES, type AnalyticsDay, type SittingStretchDay } from '@breaker/api-contract';
import type { BreakOutcomeRow, BusySpanRow } from '@breaker/db';
import { longestSittingStretch, type BusyInterval } from '@breaker/scheduler';
import { DateTime } from 'luxon';

/** The work hours and ISO weekdays the stretches are measured in: the user's current ones. */
export interface WorkHours {
  start: string;
  end: string;
  days: readonly number[];
}

export const DEFAULT_WORK_HOURS: WorkHours = {
  start: DEFAULT_PREFERENCES.workStartTime,
  end: DEFAULT_PREFERENCES.workEndTime,
  days: DEFAULT_PREFERENCES.workDays,
};

interface SittingInput {
  now: Date;
  zone: string;
  today: string;
  work: WorkHours;
  days: readonly AnalyticsDay[];
  breaks: readonly BreakOutcomeRow[];
  meetings: readonly BusySpanRow[];
}

const overlaps = (span: BusyInterval, from: number, to: number): boolean => span.start < to && span.end > from;

/**
 * Each work day of the window that had breaks planned, oldest first, today up to now. A break counts where it was
 * actually taken: for its length, up to the moment it was marked done.
 */
export function sittingStretches({ now, zone, today, work, days, breaks, meetings }: SittingInput): SittingStretchDay[] {
  const meetingSpans = meetings.map((m) => ({ start: m.start_time.getTime(), end: m.end_time.getTime() }));
  const taken = breaks.flatMap((b) =>
    (b.completed_at ? [b.completed_at.getTime()] : []).map((end) => ({ start: end - b.duration * 60_000, end })),
  );
  const result: SittingStretchDay[] = [];
  for (const day of days) {
    const midnight = DateTime.fromISO(day.day, { zone });
    if (day.day > today || day.planned === 0 || !work.days.includes(midnight.weekday)) continue;
    const from = midnight.toMillis();
    const to = midnight.plus({ days: 1 }).toMillis();
    const frame = {
      start: DateTime.fromISO(`${day.day}T${work.start}`, { zone }).toMillis(),
      end: Math.min(DateTime.fromISO(`${day.day}T${work.end}`, { zone }).toMillis(), now.getTime()),
    };
    if (frame.end <= frame.start) continue;
    const stretch = longestSittingStretch({
      work: frame,
      meetings: meetingSpans.filter((m) => overlaps(m, from, to)),
      breaksTaken: taken.filter((b) => b.end > from && b.start < to),
    });
    result.push({ day: day.day, beforeMinutes: stretch.before, afterMinutes: stretch.after });
  }
  return result;
}
