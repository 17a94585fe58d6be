import { indexActivities } from './activity-choice.js';
import { formatDate, isoWeekday, parseClock } from './civil.js';
import {
  frameAllowedStarts,
  frameMeetings,
  framePieces,
  frameRecovery,
  keptBreaks,
  newWorkspace,
  type Workspace,
} from './day-frame.js';
import { exactStretchBelow } from './exact-times.js';
import { mostRunsFollowed, type RecoveryRoom } from './recovery-room.js';
import { longestUncovered } from './sitting-stretch.js';
import { DEFAULT_WORK_DAYS, RULES } from './rules.js';
import type { PlacementInput, PlacementResult } from './types.js';
import { zoneClock } from './zone-clock.js';

/*
 * How a plan does against rule 1 and rule 2, day by day: the longest sitting stretch it leaves, the optimum for the
 * same day and number of breaks (the exact programme of exact-times.ts, with the pool's shortest activity), and the
 * runs of 60+ minutes of back-to-back meetings followed by a break within 20 minutes, against how many of them any plan
 * could follow. Replay prints it and the benchmark sums it; the tests hold the optimum to an independent oracle.
 */

const MS = 60_000;
/** A recovery break counts when it starts this soon after the run's end. */
export const RECOVERY_WITHIN_MINUTES = RULES.recoveryWithinMinutes;

export interface DayStretch {
  /** Local date, 'YYYY-MM-DD'. */
  date: string;
  /** Breaks that day: new and kept. */
  breaks: number;
  /** Minutes: the longest stretch without a break, from work start (or now + lead time) to work end. */
  longest: number;
  /** Minutes: the shortest longest stretch the day allows with that many new breaks; undefined with kept breaks. */
  optimum: number | undefined;
  /** Runs of 60+ minutes of back-to-back meetings with room for a break within 20 minutes of their end. */
  runs: number;
  /**
   * …of which one plan can follow the most: with the day's breaks, every rule (buffers, spacing, work hours) and rule
   * 1's bound (no stretch past 1.1 × the optimum). The same as `runs` on a day with kept breaks (no optimum).
   */
  followable: number;
  /** …of which the plan follows with a break within 20 minutes. */
  recovered: number;
  /** When rule 1's bound keeps some runs from being followed: the shortest longest stretch that follows them all. */
  followAll: number | undefined;
}

export function dayStretches(input: PlacementInput, result: PlacementResult): DayStretch[] {
  const clock = zoneClock(input.timeZone);
  const index = indexActivities(input.activities);
  const startOfWork = parseClock(input.workStart);
  const endOfWork = parseClock(input.workEnd);
  if (startOfWork === undefined || endOfWork === undefined || endOfWork <= startOfWork || index.groups.length === 0) return [];
  const workDays = input.workDays.length > 0 ? input.workDays : DEFAULT_WORK_DAYS;
  const earliest = Math.ceil(input.now / MS + RULES.leadTimeMinutes);
  const today = clock.localDay(Math.floor(input.now / MS));
  const ws = newWorkspace();
  frameMeetings(input, ws, index.shortest + 2 * RULES.minimumBufferMinutes);
  const kept = keptBreaks(input, (minute) => clock.localDay(minute));
  const all = [
    ...kept.map((k) => ({ start: k.start, end: k.end, kept: true })),
    ...result.breaks.map((b) => ({ start: b.start / MS, end: b.start / MS + b.duration, kept: false })),
  ].sort((x, y) => x.start - y.start);
  const days: DayStretch[] = [];
  for (let offset = 0; offset < input.horizonDays; offset += 1) {
    const day = today + offset;
    if (!workDays.includes(isoWeekday(day))) continue;
    const workStart = clock.toEpochMinute(day, startOfWork);
    const workEnd = clock.toEpochMinute(day, endOfWork);
    const origin = Math.max(workStart, earliest);
    if (origin + index.shortest > workEnd) continue;
    const onDay = all.filter((b) => b.start >= origin && b.end <= workEnd);
    const longest = longestUncovered({ start: origin, end: workEnd }, onDay);
    framePieces(ws, [], origin, workEnd, index.shortest);
    frameAllowedStarts(ws, index.shortest);
    const fresh = onDay.filter((b) => !b.kept).length;
    const optimum =
      fresh > 0 && fresh === onDay.length
        ? exactStretchBelow(ws, { origin, workEnd, target: fresh, shortest: index.shortest }, workEnd - origin)
        : undefined;
    frameRecovery(ws, origin, workEnd);
    const window: boolean[] = new Array<boolean>(workEnd - origin + 1).fill(false);
    let runs = 0;
    let recovered = 0;
    for (let r = 0; r < ws.recoveryCount; r += 1) {
      const end = ws.backEnd[ws.recoveryRun[r]!]!;
      if (ws.recoveryAt[r]! > end + RECOVERY_WITHIN_MINUTES) continue;
      runs += 1;
      for (let t = ws.recoveryAt[r]!; t <= Math.min(workEnd, end + RECOVERY_WITHIN_MINUTES); t += 1) window[t - origin] = true;
      if (onDay.some((b) => b.start >= end && b.start <= end + RECOVERY_WITHIN_MINUTES)) recovered += 1;
    }
    const bounded = optimum !== undefined && optimum >= 0;
    const room = { ...roomOf(ws, origin, workEnd), window, breaks: fresh, duration: index.shortest };
    const followable = runs > 0 && bounded ? Math.max(0, mostRunsFollowed({ ...room, bound: boundOf(optimum) })) : runs;
    const followAll = followable < runs ? shortestBoundFollowing(room, runs, boundOf(optimum!) + 1) : undefined;
    days.push({
      date: formatDate(day),
      breaks: onDay.length,
      longest,
      optimum: bounded ? optimum : undefined,
      runs,
      followable,
      recovered,
      followAll,
    });
  }
  return days;
}

/** The day's allowed starts of the shortest activity on a 1-minute grid from the origin. */
function roomOf(ws: Workspace, origin: number, workEnd: number): { length: number; allowed: boolean[] } {
  const allowed: boolean[] = new Array<boolean>(workEnd - origin + 1).fill(false);
  for (let c = 0; c < ws.allowedCount; c += 1) for (let t = ws.aLo[c]!; t <= ws.aHi[c]!; t += 1) allowed[t - origin] = true;
  return { length: workEnd - origin, allowed };
}

/** Rule 1's bound: no stretch longer than 1.1 × the optimum. */
function boundOf(optimum: number): number {
  return Math.floor((optimum * 11) / 10);
}

/** The smallest bound from `from` up at which one plan follows `runs` runs (binary search); undefined when none does. */
function shortestBoundFollowing(room: Omit<RecoveryRoom, 'bound'>, runs: number, from: number): number | undefined {
  if (mostRunsFollowed({ ...room, bound: room.length }) < runs) return undefined;
  let lo = from;
  let hi = room.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (mostRunsFollowed({ ...room, bound: mid }) >= runs) hi = mid;
    else lo = mid + 1;
  }
  return hi;
}
