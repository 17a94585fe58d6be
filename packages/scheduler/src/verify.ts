import { DateTime } from 'luxon';
import { ENGINE_VERSION, RULES } from './rules.js';
import type { BusyInterval, ExistingBreak, PlacementInput, PlacementResult } from './types.js';
import { workDayFrames, zoneOf } from './work-day-frames.js';

/*
 * An independent check of a plan against the rules, written separately from the engine (luxon date arithmetic and
 * minute-by-minute scans instead of the engine's gap arithmetic). The tests run it on thousands of random calendars and
 * on the real-world calendars; replay runs it on recorded plans.
 */

const MS = 60_000;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Sessions that stay: completed, skipped, pinned, and those still scheduled whose time has passed. */
export function keptSessions(input: PlacementInput): ExistingBreak[] {
  return input.existing.filter((b) => b.status !== 'scheduled' || b.pinned === true || b.start < input.now);
}

/** 'YYYY-MM-DD' in the zone (Intl, cached per zone: the checks call it for every break). */
function localDate(ms: number, zone: string): string {
  let format = dateFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(zone, format);
  }
  let year = '';
  let month = '';
  let day = '';
  for (const part of format.formatToParts(ms)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year}-${month}-${day}`;
}

/** Breaks-per-day the engine must honour (the caller clamps; the engine floors). */
function askedOf(input: PlacementInput): number {
  return Number.isFinite(input.breaksPerDay) ? Math.max(0, Math.floor(input.breaksPerDay)) : 0;
}

interface Gap {
  /** Latest meeting end at or before the point, in minutes (−∞ when none). */
  meetingBefore: number;
  /** Earliest meeting start at or after the point, in minutes (+∞ when none). */
  meetingAfter: number;
  /** The free stretch around the point once the usable window and kept breaks (with spacing) are taken out. */
  lo: number;
  hi: number;
}

function gapAround(
  startMin: number,
  endMin: number,
  busy: readonly BusyInterval[],
  kept: readonly ExistingBreak[],
  window: [number, number],
): Gap {
  let meetingBefore = -Infinity;
  let meetingAfter = Infinity;
  for (const m of busy) {
    if (!(m.end > m.start)) continue;
    const mEnd = Math.ceil(m.end / MS);
    const mStart = Math.floor(m.start / MS);
    if (mEnd <= startMin) meetingBefore = Math.max(meetingBefore, mEnd);
    if (mStart >= endMin) meetingAfter = Math.min(meetingAfter, mStart);
  }
  let lo = Math.max(window[0], meetingBefore);
  let hi = Math.min(window[1], meetingAfter);
  for (const k of kept) {
    const kStart = Math.floor(k.start / MS);
    const kEnd = Math.ceil((k.start + k.duration * MS) / MS);
    if (kEnd <= startMin) lo = Math.max(lo, kEnd + RULES.minimumSpacingMinutes);
    if (kStart >= endMin) hi = Math.min(hi, kStart - RULES.minimumSpacingMinutes);
  }
  return { meetingBefore, meetingAfter, lo, hi };
}

/** True when a break of `duration` minutes fits the gap with the full buffers. */
function fullBuffersFit(gap: Gap, duration: number): boolean {
  const from = Math.max(gap.lo, gap.meetingBefore + RULES.bufferAfterMeetingMinutes);
  const to = Math.min(gap.hi, gap.meetingAfter - RULES.bufferBeforeMeetingMinutes);
  return to - from >= duration;
}

/** Every rule a plan must keep; an empty list means the plan is valid. */
export function verifyPlacement(input: PlacementInput, result: PlacementResult): string[] {
  const problems: string[] = [];
  const zone = zoneOf(input);
  const asked = askedOf(input);
  const frames = workDayFrames(input);
  const frameByDate = new Map(frames.map((f) => [f.date, f]));
  const kept = keptSessions(input);
  const pool = new Map(input.activities.map((a) => [a.id, a]));
  const earliest = Math.ceil(input.now / MS + RULES.leadTimeMinutes);

  if (result.engineVersion !== ENGINE_VERSION)
    problems.push(`engine version ${result.engineVersion}, expected ${ENGINE_VERSION}`);
  const newPerDay = new Map<string, number>();
  const others = [...kept, ...result.breaks];
  result.breaks.forEach((b, i) => {
    const problem = (text: string): void => {
      problems.push(`break ${i} at ${DateTime.fromMillis(b.start, { zone }).toISO()}: ${text}`);
    };
    const end = b.start + b.duration * MS;
    const activity = pool.get(b.activityId);
    if (!activity) problem(`activity ${b.activityId} is not in the pool`);
    else if (activity.duration !== b.duration) problem(`duration ${b.duration} ≠ activity's ${activity.duration}`);
    if (!(b.duration >= 1 && b.duration < 5)) problem(`duration ${b.duration} is not 1–4 minutes`);
    if (b.start % MS !== 0) problem(`not on a whole minute`);
    if (b.start / MS < earliest) problem(`not at least ${RULES.leadTimeMinutes} minutes after now`);
    if (i > 0 && result.breaks[i - 1]!.start >= b.start) problem(`breaks are not in time order`);
    if (!b.reason) problem(`no reason`);
    const date = localDate(b.start, zone);
    const frame = frameByDate.get(date);
    if (!frame) problem(`${date} is not a work day of the horizon`);
    else if (!(b.start >= frame.workStart && end <= frame.workEnd)) problem(`outside work hours`);
    newPerDay.set(date, (newPerDay.get(date) ?? 0) + 1);
    for (const m of input.busy) {
      if (b.start < m.end && end > m.start) problem(`overlaps a meeting`);
    }
    for (const other of others) {
      if (other === b) continue;
      const otherEnd = other.start + other.duration * MS;
      const apart = Math.max(other.start - end, b.start - otherEnd);
      if (apart < 0) problem(`overlaps another break`);
      else if (apart < RULES.minimumSpacingMinutes * MS)
        problem(`less than ${RULES.minimumSpacingMinutes} minutes from another break`);
    }
    if (frame) {
      const startMin = b.start / MS;
      const endMin = end / MS;
      const gap = gapAround(startMin, endMin, input.busy, kept, [Math.max(frame.workStart / MS, earliest), frame.workEnd / MS]);
      const after = startMin - gap.meetingBefore;
      const before = gap.meetingAfter - endMin;
      if (fullBuffersFit(gap, b.duration)) {
        if (after < RULES.bufferAfterMeetingMinutes)
          problem(`only ${after} min after a meeting though the gap allows ${RULES.bufferAfterMeetingMinutes}`);
        if (before < RULES.bufferBeforeMeetingMinutes)
          problem(`only ${before} min before a meeting though the gap allows ${RULES.bufferBeforeMeetingMinutes}`);
      } else if (after < RULES.minimumBufferMinutes || before < RULES.minimumBufferMinutes) {
        problem(`less than ${RULES.minimumBufferMinutes} min from a meeting`);
      }
    }
  });

  // Never the same activity twice in a row, when the pool has enough of its shortest activities to avoid it.
  const shortest = Math.min(...input.activities.map((a) => a.duration));
  const shortestCount = input.activities.filter((a) => a.duration === shortest).length;
  if (shortestCount >= 3) {
    const sequence = [...kept.map((k) => ({ ...k, kept: true })), ...result.breaks.map((b) => ({ ...b, kept: false }))].sort(
      (x, y) => x.start - y.start,
    );
    for (let i = 1; i < sequence.length; i += 1) {
      const [x, y] = [sequence[i - 1]!, sequence[i]!];
      if (x.activityId === y.activityId && (!x.kept || !y.kept)) {
        problems.push(`the same activity ${y.activityId} twice in a row at ${DateTime.fromMillis(y.start, { zone }).toISO()}`);
      }
    }
  }

  const keptPerDay = new Map<string, number>();
  for (const k of kept) keptPerDay.set(localDate(k.start, zone), (keptPerDay.get(localDate(k.start, zone)) ?? 0) + 1);
  const shortfallDates = new Set<string>();
  for (const s of result.shortfalls) {
    if (shortfallDates.has(s.date)) problems.push(`two shortfalls for ${s.date}`);
    shortfallDates.add(s.date);
    if (!frameByDate.has(s.date)) problems.push(`shortfall for ${s.date}, which is not a work day of the horizon`);
    if (!s.reason) problems.push(`shortfall for ${s.date} has no reason`);
  }
  for (const frame of frames) {
    const keptCount = keptPerDay.get(frame.date) ?? 0;
    const newCount = newPerDay.get(frame.date) ?? 0;
    if (newCount > Math.max(0, asked - keptCount)) {
      problems.push(`${frame.date}: ${newCount} new breaks with ${keptCount} kept, more than the ${asked} asked`);
    }
    const total = keptCount + newCount;
    const shortfall = result.shortfalls.find((s) => s.date === frame.date);
    if (total < asked && !shortfall) problems.push(`${frame.date}: ${total} of ${asked} breaks and no shortfall reason`);
    if (total >= asked && shortfall) problems.push(`${frame.date}: a shortfall though the day has all ${asked} breaks`);
    if (shortfall && (shortfall.asked !== asked || shortfall.placed !== total)) {
      problems.push(`${frame.date}: shortfall says ${shortfall.placed}/${shortfall.asked}, the plan has ${total}/${asked}`);
    }
  }
  return problems;
}

export interface DayRoom {
  date: string;
  /** Breaks the user still wants that day (asked minus kept sessions). */
  wanted: number;
  /** How many of them the day could hold at most under the hard rules (shortest activity, spacing, minimum buffers). */
  room: number;
}

/**
 * For each work day, how many breaks could fit at most: a minute-by-minute scan with the hard rules only (future,
 * work hours, no overlap, at least 1 minute from a meeting, full buffers where the gap allows them, spacing from
 * kept breaks and between breaks), packed earliest first, which is optimal for equal lengths.
 */
export function roomPerDay(input: PlacementInput): DayRoom[] {
  const asked = askedOf(input);
  const zone = zoneOf(input);
  const kept = keptSessions(input);
  const earliest = Math.ceil(input.now / MS + RULES.leadTimeMinutes);
  const shortest = input.activities.length > 0 ? Math.min(...input.activities.map((a) => a.duration)) : Infinity;
  return workDayFrames(input).map((frame) => {
    const keptCount = kept.filter((k) => localDate(k.start, zone) === frame.date).length;
    const wanted = Math.max(0, asked - keptCount);
    if (!Number.isFinite(shortest) || !(frame.workEnd > frame.workStart)) return { date: frame.date, wanted, room: 0 };
    const from = Math.max(frame.workStart / MS, earliest);
    const to = frame.workEnd / MS;
    const nearBusy = input.busy.filter((m) => m.end > (from - 1440) * MS && m.start < (to + 1440) * MS);
    const nearKept = kept.filter((k) => k.start > (from - 1440) * MS && k.start < (to + 1440) * MS);
    let room = 0;
    let nextAllowed = -Infinity;
    for (let s = Math.ceil(from); s + shortest <= to; s += 1) {
      if (s < nextAllowed) continue;
      const e = s + shortest;
      if (nearBusy.some((m) => s * MS < m.end && e * MS > m.start)) continue;
      if (nearKept.some((k) => s * MS < k.start + k.duration * MS && e * MS > k.start)) continue;
      const gap = gapAround(s, e, nearBusy, nearKept, [from, to]);
      if (s < gap.lo || e > gap.hi) continue;
      const after = s - gap.meetingBefore;
      const before = gap.meetingAfter - e;
      const ok = fullBuffersFit(gap, shortest)
        ? after >= RULES.bufferAfterMeetingMinutes && before >= RULES.bufferBeforeMeetingMinutes
        : after >= RULES.minimumBufferMinutes && before >= RULES.minimumBufferMinutes;
      if (!ok) continue;
      room += 1;
      nextAllowed = e + RULES.minimumSpacingMinutes;
    }
    return { date: frame.date, wanted, room };
  });
}
