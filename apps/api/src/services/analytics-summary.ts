import {
  ANALYTICS_HISTORY_LIMIT,
  ANALYTICS_WEEKS,
  breakStatus,
  MEETING_LOAD_BANDS,
  type AnalyticsDay,
  type AnalyticsSummary,
  type BreakOutcome,
  type MeetingLoadBand,
} from '@breaker/api-contract';
import type { BreakOutcomeRow, BusySpanRow } from '@breaker/db';
import { usableZone } from '@breaker/scheduler';
import { DateTime } from 'luxon';
import { DEFAULT_WORK_HOURS, sittingStretches, type WorkHours } from './analytics-sitting.js';

export interface AnalyticsInput {
  now: Date;
  /** The user's IANA zone; an unknown one counts as UTC. */
  timeZone: string;
  /** The breaks scheduled from the window start on, any status; those after today are left out. */
  breaks: readonly BreakOutcomeRow[];
  /** Meetings overlapping the window. */
  meetings: readonly BusySpanRow[];
  /** The user's work hours and days; the defaults when they have saved none. */
  work?: WorkHours;
}

export function effectiveZone(timeZone: string | null | undefined): string {
  return timeZone ? usableZone(timeZone).name : 'UTC';
}

/** Local midnight starting the Monday ANALYTICS_WEEKS - 1 weeks before this one. */
export function analyticsWindowStart(now: Date, timeZone: string): Date {
  return DateTime.fromJSDate(now, { zone: effectiveZone(timeZone) })
    .startOf('week')
    .minus({ weeks: ANALYTICS_WEEKS - 1 })
    .toJSDate();
}

function dayKey(instant: Date | DateTime, zone: string): string {
  const local = instant instanceof Date ? DateTime.fromJSDate(instant, { zone }) : instant.setZone(zone);
  return local.toISODate() ?? '';
}

function completionRate(planned: number, completed: number): number | null {
  return planned === 0 ? null : completed / planned;
}

/** What became of a break; undefined while it is still to come or under way. */
function outcomeOf(row: BreakOutcomeRow, now: Date): BreakOutcome | undefined {
  const status = breakStatus({ completedAt: row.completed_at, skipped: row.skipped });
  if (status !== 'scheduled') return status;
  const end = row.scheduled_time.getTime() + row.duration * 60_000;
  return end <= now.getTime() ? 'missed' : undefined;
}

/** Every local day from the window's first to today, each with no breaks and no meetings yet. */
function emptyDays(start: DateTime, today: string): Map<string, AnalyticsDay> {
  const days = new Map<string, AnalyticsDay>();
  for (let day = start; ; day = day.plus({ days: 1 })) {
    const key = day.toISODate() ?? '';
    days.set(key, { day: key, planned: 0, completed: 0, skipped: 0, missed: 0, rate: null, busyMinutes: 0 });
    if (key >= today) return days;
  }
}

/** Overlapping meetings merged, so that two meetings at once count as one busy hour, not two. */
function mergedSpans(meetings: readonly BusySpanRow[]): { start: number; end: number }[] {
  const sorted = meetings
    .map((meeting) => ({ start: meeting.start_time.getTime(), end: meeting.end_time.getTime() }))
    .filter((span) => span.end > span.start)
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** Adds each meeting's minutes to the local days it covers, split at local midnights. */
function addBusyMinutes(days: Map<string, AnalyticsDay>, meetings: readonly BusySpanRow[], zone: string): void {
  for (const span of mergedSpans(meetings)) {
    let cursor = DateTime.fromMillis(span.start, { zone });
    while (cursor.toMillis() < span.end) {
      const nextMidnight = cursor.startOf('day').plus({ days: 1 });
      const pieceEnd = Math.min(span.end, nextMidnight.toMillis());
      const day = days.get(dayKey(cursor, zone));
      if (day) day.busyMinutes += Math.round((pieceEnd - cursor.toMillis()) / 60_000);
      cursor = nextMidnight;
    }
  }
}

/** Days in a row with a break taken; a day without planned breaks is passed over, and today may still catch up. */
function streaks(days: readonly AnalyticsDay[], today: string): { current: number; longest: number } {
  let run = 0;
  let longest = 0;
  for (const day of days) {
    if (day.completed > 0) run += 1;
    else if (day.planned > 0 && day.day !== today) run = 0;
    longest = Math.max(longest, run);
  }
  return { current: run, longest };
}

function meetingLoad(days: readonly AnalyticsDay[]): MeetingLoadBand[] {
  const bands = MEETING_LOAD_BANDS.map((band) => ({ label: band.label, days: 0, planned: 0, completed: 0, rate: null }));
  for (const day of days) {
    if (day.planned === 0) continue;
    const hours = day.busyMinutes / 60;
    const index = MEETING_LOAD_BANDS.findLastIndex((band) => hours >= band.fromHours);
    const band = bands[Math.max(index, 0)];
    if (!band) continue;
    band.days += 1;
    band.planned += day.planned;
    band.completed += day.completed;
  }
  return bands.map((band) => ({ ...band, rate: completionRate(band.planned, band.completed) }));
}

/**
 * The analytics of one user, from the breaks and meetings of the window: pure, so every figure is tested without a
 * database. A break counts once taken or skipped (also one of later today, taken early) or once its time has passed
 * untouched (missed); a break still to come is not counted yet.
 */
export function summariseAnalytics({
  now,
  timeZone,
  breaks,
  meetings,
  work = DEFAULT_WORK_HOURS,
}: AnalyticsInput): AnalyticsSummary {
  const zone = effectiveZone(timeZone);
  const start = DateTime.fromJSDate(analyticsWindowStart(now, zone), { zone });
  const today = dayKey(now, zone);
  const days = emptyDays(start, today);
  addBusyMinutes(days, meetings, zone);

  const typeMix = new Map<string, { type: string; planned: number; completed: number }>();
  const history: AnalyticsSummary['history'] = [];
  for (const row of breaks) {
    const outcome = outcomeOf(row, now);
    const day = days.get(dayKey(row.scheduled_time, zone));
    if (!outcome || !day) continue;
    day.planned += 1;
    day[outcome] += 1;
    const share = typeMix.get(row.activity_type) ?? { type: row.activity_type, planned: 0, completed: 0 };
    share.planned += 1;
    if (outcome === 'completed') share.completed += 1;
    typeMix.set(row.activity_type, share);
    history.push({
      id: row.id,
      scheduledTime: row.scheduled_time.toISOString(),
      duration: row.duration,
      activityName: row.activity_name,
      activityType: row.activity_type,
      outcome,
    });
  }

  const dayList = [...days.values()].map((day) => ({ ...day, rate: completionRate(day.planned, day.completed) }));
  const weeks = new Map<string, { weekStart: string; planned: number; completed: number }>();
  for (const day of dayList) {
    const weekStart = DateTime.fromISO(day.day, { zone }).startOf('week').toISODate() ?? day.day;
    const week = weeks.get(weekStart) ?? { weekStart, planned: 0, completed: 0 };
    week.planned += day.planned;
    week.completed += day.completed;
    weeks.set(weekStart, week);
  }

  const totals = { planned: 0, completed: 0, skipped: 0, missed: 0 };
  for (const day of dayList) {
    totals.planned += day.planned;
    totals.completed += day.completed;
    totals.skipped += day.skipped;
    totals.missed += day.missed;
  }

  return {
    timeZone: zone,
    from: start.toISODate() ?? today,
    to: today,
    totals: { ...totals, rate: completionRate(totals.planned, totals.completed) },
    streak: streaks(dayList, today),
    days: dayList,
    weeks: [...weeks.values()].map((week) => ({ ...week, rate: completionRate(week.planned, week.completed) })),
    typeMix: [...typeMix.values()].sort((a, b) => b.planned - a.planned || a.type.localeCompare(b.type)),
    meetingLoad: meetingLoad(dayList),
    sittingStretches: sittingStretches({ now, zone, today, work, days: dayList, breaks, meetings }),
    history: history.reverse().slice(0, ANALYTICS_HISTORY_LIMIT),
  };
}
