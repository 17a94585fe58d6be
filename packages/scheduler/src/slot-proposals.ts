import { DateTime } from 'luxon';
import { usableZone } from './local-day.js';
import { RULES } from './rules.js';
import type { PlacementInput } from './types.js';
import { workDayFrames, type WorkDayFrame } from './work-day-frames.js';

/*
 * Slots for one break placed by hand (moved, or added at a chosen time): the same hard rules as placement — work
 * hours, not in the past (with the lead time), no meeting overlap, the full buffers around meetings when the gap
 * allows them and at least 1 minute otherwise, spacing from every other break, and no more breaks in a day than asked.
 * `input.existing` holds the user's OTHER breaks (the one being moved left out); they all stay where they are.
 */

const MS = 60_000;
const STEP_MINUTES = RULES.gridMinutes;

export type SlotProblem = 'past' | 'outside-work-hours' | 'meeting' | 'too-close-to-meeting' | 'too-close-to-break' | 'day-full';

export interface SlotContext {
  input: PlacementInput;
  frames: WorkDayFrame[];
  /** Earliest allowed start, epoch minutes. */
  earliest: number;
  /** Local date → how many of the other breaks fall on it. */
  perDay: Map<string, number>;
}

export function contextOf(input: PlacementInput): SlotContext {
  const zone = usableZone(input.timeZone);
  const perDay = new Map<string, number>();
  for (const other of input.existing) {
    const date = DateTime.fromMillis(other.start, { zone }).toISODate() ?? '';
    perDay.set(date, (perDay.get(date) ?? 0) + 1);
  }
  return { input, frames: workDayFrames(input), earliest: Math.ceil(input.now / MS + RULES.leadTimeMinutes), perDay };
}

function frameHolding(frames: readonly WorkDayFrame[], start: number, end: number): WorkDayFrame | undefined {
  return frames.find((frame) => start >= frame.workStart && end <= frame.workEnd);
}

function breaksPerDayOf(input: PlacementInput): number {
  return Number.isFinite(input.breaksPerDay) ? Math.max(0, Math.floor(input.breaksPerDay)) : 0;
}

/** Why a break of `duration` minutes cannot start at `start` (epoch ms), or undefined when it can. */
export function slotProblem(input: PlacementInput, start: number, duration: number): SlotProblem | undefined {
  return problemIn(contextOf(input), start, duration);
}

export function problemIn(context: SlotContext, start: number, duration: number): SlotProblem | undefined {
  const { input, frames, earliest } = context;
  const startMin = Math.floor(start / MS);
  const endMin = startMin + duration;
  if (start % MS !== 0 || startMin < earliest) return 'past';
  const frame = frameHolding(frames, start, endMin * MS);
  if (!frame) return 'outside-work-hours';

  let meetingBefore = -Infinity;
  let meetingAfter = Infinity;
  for (const meeting of input.busy) {
    if (!(meeting.end > meeting.start)) continue;
    if (start < meeting.end && endMin * MS > meeting.start) return 'meeting';
    const mEnd = Math.ceil(meeting.end / MS);
    const mStart = Math.floor(meeting.start / MS);
    if (mEnd <= startMin) meetingBefore = Math.max(meetingBefore, mEnd);
    if (mStart >= endMin) meetingAfter = Math.min(meetingAfter, mStart);
  }

  let lo = Math.max(frame.workStart / MS, earliest, meetingBefore);
  let hi = Math.min(frame.workEnd / MS, meetingAfter);
  for (const other of input.existing) {
    const otherStart = Math.floor(other.start / MS);
    const otherEnd = Math.ceil((other.start + other.duration * MS) / MS);
    const apart = Math.max(otherStart - endMin, startMin - otherEnd);
    if (apart < RULES.minimumSpacingMinutes) return 'too-close-to-break';
    if (otherEnd <= startMin) lo = Math.max(lo, otherEnd + RULES.minimumSpacingMinutes);
    if (otherStart >= endMin) hi = Math.min(hi, otherStart - RULES.minimumSpacingMinutes);
  }

  const after = startMin - meetingBefore;
  const before = meetingAfter - endMin;
  const fullFrom = Math.max(lo, meetingBefore + RULES.bufferAfterMeetingMinutes);
  const fullTo = Math.min(hi, meetingAfter - RULES.bufferBeforeMeetingMinutes);
  const buffersKept =
    fullTo - fullFrom >= duration
      ? after >= RULES.bufferAfterMeetingMinutes && before >= RULES.bufferBeforeMeetingMinutes
      : after >= RULES.minimumBufferMinutes && before >= RULES.minimumBufferMinutes;
  if (!buffersKept) return 'too-close-to-meeting';

  if ((context.perDay.get(frame.date) ?? 0) >= breaksPerDayOf(input)) return 'day-full';
  return undefined;
}

/** Every allowed start on the 5-minute grid inside [from, to) (epoch ms), earliest first. */
export function allowedStarts(input: PlacementInput, duration: number, from: number, to: number): number[] {
  const context = contextOf(input);
  const step = STEP_MINUTES * MS;
  const starts: number[] = [];
  for (let start = Math.ceil(from / step) * step; start < to; start += step) {
    if (problemIn(context, start, duration) === undefined) starts.push(start);
  }
  return starts;
}

export interface SlotRequest {
  /** Minutes the break lasts. */
  duration: number;
  /** Where the break is now (epoch ms): proposals nearest to it come first, and it is never proposed itself. */
  currentStart: number;
  /** How many slots to offer at most. */
  limit: number;
}

/**
 * Other slots for a break: in each hour of the work days (counted from work start), the first start the rules allow;
 * of those, the `limit` nearest to where the break is now, in time order.
 */
export function proposeSlots(input: PlacementInput, request: SlotRequest): number[] {
  const context = contextOf(input);
  const step = STEP_MINUTES * MS;
  const hour = 60 * MS;
  const candidates: number[] = [];
  for (const frame of context.frames) {
    for (let from = frame.workStart; from < frame.workEnd; from += hour) {
      for (let start = Math.ceil(from / step) * step; start < from + hour; start += step) {
        if (start === request.currentStart || problemIn(context, start, request.duration) !== undefined) continue;
        candidates.push(start);
        break;
      }
    }
  }
  return candidates
    .sort((a, b) => Math.abs(a - request.currentStart) - Math.abs(b - request.currentStart) || a - b)
    .slice(0, Math.max(0, request.limit))
    .sort((a, b) => a - b);
}
