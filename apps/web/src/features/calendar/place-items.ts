import { CALENDAR_GRID_FIRST_HOUR, CALENDAR_GRID_LAST_HOUR, type BreakSession, type CalendarEvent } from '@breaker/api-contract';
import { addDays, type DayKey } from '../../time/day-key';
import { zonedMoment, type ZonedMoment } from '../../time/time-zone';
import { MIN_BREAK_HEIGHT, MIN_MEETING_HEIGHT, PX_PER_MINUTE } from './grid-metrics';

const MINUTES_PER_DAY = 24 * 60;

export type GridItem =
  | { kind: 'meeting'; id: string; event: CalendarEvent; start: number; end: number }
  | { kind: 'break'; id: string; session: BreakSession; start: number; end: number };

export type PlacedItem = GridItem & { column: number; columns: number };

export interface DayPlan {
  day: DayKey;
  allDay: CalendarEvent[];
  items: PlacedItem[];
}

export interface WeekPlan {
  days: DayPlan[];
  firstHour: number;
  lastHour: number;
}

/** An item's start and end as the user's clock shows them: read once per item, not once per item and day. */
interface ZonedSpan {
  start: ZonedMoment;
  end: ZonedMoment;
}

function zonedSpan(start: Date, end: Date, timeZone: string): ZonedSpan {
  return { start: zonedMoment(start, timeZone), end: zonedMoment(end, timeZone) };
}

/** The part of [start, end) that falls on `day`, in minutes since that day's midnight. */
function clipToDay({ start, end }: ZonedSpan, day: DayKey): { start: number; end: number } | undefined {
  if (day < start.day || day > end.day) return undefined;
  if (day === end.day && end.minutes === 0 && day !== start.day) return undefined;
  const from = day === start.day ? start.minutes : 0;
  const to = day === end.day ? end.minutes : MINUTES_PER_DAY;
  return { start: from, end: Math.max(to, from) };
}

/** All-day events may arrive as plain dates or as UTC midnights; anything else is read in the user's zone. */
function allDayKey(value: string, timeZone: string): DayKey {
  if (/^\d{4}-\d{2}-\d{2}(T00:00(:00(\.0+)?)?Z)?$/.test(value)) return value.slice(0, 10);
  return zonedMoment(new Date(value), timeZone).day;
}

/** The days an all-day event covers: from its first day up to, not including, the last. */
function allDayRange(event: CalendarEvent, timeZone: string): { first: DayKey; endExclusive: DayKey } {
  const first = allDayKey(event.startTime, timeZone);
  const end = allDayKey(event.endTime, timeZone);
  return { first, endExclusive: end > first ? end : addDays(first, 1) };
}

function visualEnd(item: GridItem): number {
  const minHeight = item.kind === 'break' ? MIN_BREAK_HEIGHT : MIN_MEETING_HEIGHT;
  return Math.max(item.end, item.start + minHeight / PX_PER_MINUTE);
}

/** Side-by-side columns for items whose drawn boxes would overlap, so none hides another. */
function assignColumns(items: GridItem[]): PlacedItem[] {
  const sorted = [...items].sort((a, b) => a.start - b.start || visualEnd(b) - visualEnd(a));
  const placed: PlacedItem[] = [];
  let cluster: PlacedItem[] = [];
  let columnEnds: number[] = [];
  let clusterEnd = -Infinity;

  const closeCluster = () => {
    for (const item of cluster) item.columns = columnEnds.length;
    placed.push(...cluster);
    cluster = [];
    columnEnds = [];
  };

  for (const item of sorted) {
    if (item.start >= clusterEnd) closeCluster();
    let column = columnEnds.findIndex((end) => end <= item.start);
    if (column === -1) column = columnEnds.length;
    columnEnds[column] = visualEnd(item);
    cluster.push({ ...item, column, columns: 1 });
    clusterEnd = Math.max(clusterEnd, visualEnd(item));
  }
  closeCluster();
  return placed;
}

function minutesOfClock(clock: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(clock);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

interface PlanInput {
  days: DayKey[];
  events: CalendarEvent[];
  breaks: BreakSession[];
  timeZone: string;
  workStartTime: string;
  workEndTime: string;
}

/**
 * Lays out meetings and breaks for the visible days. The hour range starts as the spec's 8 to 19
 * and grows to cover the work hours and every item, so nothing is silently cut off.
 */
export function planWeek({ days, events, breaks, timeZone, workStartTime, workEndTime }: PlanInput): WeekPlan {
  let firstMinute = Math.min(CALENDAR_GRID_FIRST_HOUR * 60, minutesOfClock(workStartTime) ?? Infinity);
  let lastMinute = Math.max((CALENDAR_GRID_LAST_HOUR + 1) * 60, minutesOfClock(workEndTime) ?? 0);

  const meetings = events
    .filter((event) => !event.isAllDay)
    .map((event) => ({ event, span: zonedSpan(new Date(event.startTime), new Date(event.endTime), timeZone) }));
  const sessions = breaks.map((session) => {
    const start = new Date(session.scheduledTime);
    return { session, span: zonedSpan(start, new Date(start.getTime() + session.duration * 60_000), timeZone) };
  });
  const allDayEvents = events.filter((event) => event.isAllDay).map((event) => ({ event, ...allDayRange(event, timeZone) }));

  const plans = days.map((day): DayPlan => {
    const items: GridItem[] = [];
    for (const { event, span } of meetings) {
      const clipped = clipToDay(span, day);
      if (clipped) items.push({ kind: 'meeting', id: event.id, event, ...clipped });
    }
    for (const { session, span } of sessions) {
      const clipped = clipToDay(span, day);
      if (clipped) items.push({ kind: 'break', id: session.id, session, ...clipped });
    }
    for (const item of items) {
      firstMinute = Math.min(firstMinute, item.start);
      lastMinute = Math.max(lastMinute, item.end);
    }
    const allDay = allDayEvents.filter(({ first, endExclusive }) => day >= first && day < endExclusive).map(({ event }) => event);
    return { day, allDay, items: assignColumns(items) };
  });

  return {
    days: plans,
    firstHour: Math.max(0, Math.floor(firstMinute / 60)),
    lastHour: Math.min(23, Math.ceil(lastMinute / 60) - 1),
  };
}
