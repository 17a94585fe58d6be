import type { BusyInterval } from './types.js';

/** One past work day, in epoch milliseconds. */
export interface SittingDay {
  /** The work day's frame: work start to work end. */
  work: BusyInterval;
  /** That day's meetings: sitting too, and a meeting that runs on from the work day extends it. */
  meetings: readonly BusyInterval[];
  /** The breaks actually taken, each from its start for its length. */
  breaksTaken: readonly BusyInterval[];
}

/** The longest sitting stretch of a day, in whole minutes, without breaks and with the breaks taken. */
export interface SittingStretch {
  before: number;
  after: number;
}

const MINUTE = 60_000;

/**
 * The sitting block of the day: the work frame, grown by every meeting that overlaps or touches it (a meeting
 * running on past work end, then one straight after it). Meetings apart from the work day are not the work day.
 */
function sittingBlock(work: BusyInterval, meetings: readonly BusyInterval[]): BusyInterval {
  const sorted = meetings.filter((m) => m.end > m.start).sort((a, b) => a.start - b.start);
  let { start, end } = work;
  // Growing one edge can make another meeting touch the block, so repeat until nothing grows.
  for (let grew = true; grew;) {
    grew = false;
    for (const meeting of sorted) {
      if (meeting.start > end || meeting.end < start) continue;
      if (meeting.start < start || meeting.end > end) {
        start = Math.min(start, meeting.start);
        end = Math.max(end, meeting.end);
        grew = true;
      }
    }
  }
  return { start, end };
}

/**
 * The longest piece of `block` that no break covers, in the block's unit: the one measure of a sitting stretch, for a
 * past day's analytics (milliseconds) and for a plan against its optimum (dayStretches, minutes).
 */
export function longestUncovered(block: BusyInterval, breaks: readonly BusyInterval[]): number {
  const sorted = breaks
    .map((b) => ({ start: Math.max(b.start, block.start), end: Math.min(b.end, block.end) }))
    .filter((b) => b.end > b.start)
    .sort((a, b) => a.start - b.start);
  let longest = 0;
  let cursor = block.start;
  for (const taken of sorted) {
    longest = Math.max(longest, taken.start - cursor);
    cursor = Math.max(cursor, taken.end);
  }
  return Math.max(longest, block.end - cursor);
}

/**
 * Before: the longest stretch of the work day counting meetings as sitting and ignoring breaks. After: the longest
 * stretch between the breaks actually taken. A day whose work frame is empty sat for nothing.
 */
export function longestSittingStretch(day: SittingDay): SittingStretch {
  if (day.work.end <= day.work.start) return { before: 0, after: 0 };
  const block = sittingBlock(day.work, day.meetings);
  return {
    before: Math.round((block.end - block.start) / MINUTE),
    after: Math.round(longestUncovered(block, day.breaksTaken) / MINUTE),
  };
}
