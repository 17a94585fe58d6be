import type { KeptBreak, Workspace } from './day-frame.js';
import { exactFeasible, exactStarts, exactStretchBelow } from './exact-times.js';
import { RULES } from './rules.js';

/*
 * Phase 2, choose the times. Rule 1: the day's breaks go where the longest sitting stretch (origin → first break,
 * break → break, last break → work end; meetings count as sitting) is as short as the calendar allows. A binary search
 * finds the shortest stretch S for which one forward pass places every break: each break goes at the latest allowed
 * start within S of the last break's end, but never after its deadline from the backward pass (frameDeadlines), so the
 * breaks after it always fit. Rule 2 takes a run's recovery moment instead when it lies in that window; rule 4 keeps
 * the first break before noon when the morning has room.
 */

const SPACING = RULES.minimumSpacingMinutes;

/** Which rule chose a break's time. */
export const STRETCH = 1;
export const RECOVERY = 2;
export const MORNING = 4;

/** One day's question to this phase, in epoch minutes. */
export interface DayTimes {
  /** Where sitting starts to count: the later of work start and now + lead time. */
  origin: number;
  workEnd: number;
  /** Local noon, when the morning has no kept break yet; else -Infinity. */
  noon: number;
  /** How many breaks to place: the day has room for all of them (frameDeadlines). */
  target: number;
  shortest: number;
  /** The day's kept breaks: kept[keptFrom .. keptTo). */
  kept: readonly KeptBreak[];
  keptFrom: number;
  keptTo: number;
}

/** The chosen times: starts, allowed-range index (for the piece), the rule; and the stretch they achieve. */
export interface ChosenTimes {
  start: number[];
  allowed: number[];
  rule: number[];
  /** Back-to-back run index for RECOVERY breaks, else -1. */
  run: number[];
  /** The longest stretch the forward pass promised (with the shortest activity). */
  stretch: number;
}

export function newChosenTimes(): ChosenTimes {
  return { start: [], allowed: [], rule: [], run: [], stretch: 0 };
}

const UNBOUNDED = 1e9;

/**
 * Rule 1 (with rules 2 and 4 inside the pass): the day's break times into `out`. Rule 2 yields to rule 1 only when
 * honouring it would make the longest stretch more than 10% longer than the day allows without it.
 */
export function chooseTimes(ws: Workspace, day: DayTimes, out: ChosenTimes): void {
  const stretch = shortestStretch(ws, day, true);
  // The exact programme only needs to answer whether 10% better is possible (one pass when it is not).
  const below = Math.ceil((stretch * 10) / 11) - 1;
  const better = day.keptFrom === day.keptTo && below >= evenShare(day) ? exactStretchBelow(ws, day, below) : -1;
  if (better < 0) {
    out.stretch = stretch;
    // Where the longest stretch leaves slack, the breaks share what is left of the day evenly rather than crowd
    // against their deadlines; when that cannot keep to the stretch, the plain pass does.
    if (!forwardPass(ws, day, stretch, true, out, true)) forwardPass(ws, day, stretch, true, out, false);
    return;
  }
  // The optimal plan, with every recovery moment in it when that stays within 10% of the optimum (rule 2), else without.
  const forced =
    ws.recoveryCount > 0 && ws.recoveryCount <= day.target
      ? exactStretchBelow(ws, day, Math.floor((better * 11) / 10), true)
      : -1;
  const withRecovery = forced >= 0;
  out.stretch = withRecovery ? forced : better;
  exactFeasible(ws, day, out.stretch, withRecovery);
  exactStarts(ws, day, out.stretch, out.start, withRecovery);
  let r = 0;
  for (let i = 0; i < day.target; i += 1) {
    const at = out.start[i]!;
    out.allowed[i] = latestAllowed(ws, at, at);
    while (withRecovery && r < ws.recoveryCount && ws.recoveryAt[r]! < at) r += 1;
    const recovery = withRecovery && r < ws.recoveryCount && ws.recoveryAt[r] === at;
    out.rule[i] = recovery ? RECOVERY : STRETCH;
    out.run[i] = recovery ? ws.recoveryRun[r]! : -1;
  }
}

/** No plan beats an empty day's even split: the longest stretch is at least this. */
function evenShare(day: DayTimes): number {
  return Math.max(0, Math.ceil((day.workEnd - day.origin - day.target * day.shortest) / (day.target + 1)) - 1);
}

/**
 * A lower bound on the longest stretch: the even split, and every stretch no break can shorten (from the origin to the
 * first allowed start, between two allowed ranges, from the last one to work end). On busy days it is often the answer.
 */
function lowerBound(ws: Workspace, day: DayTimes): number {
  if (ws.allowedCount === 0) return evenShare(day);
  let bound = Math.max(evenShare(day), ws.aLo[0]! - day.origin, day.workEnd - ws.aHi[ws.allowedCount - 1]! - day.shortest);
  for (let c = 1; c < ws.allowedCount; c += 1) bound = Math.max(bound, ws.aLo[c]! - ws.aHi[c - 1]! - day.shortest);
  return bound;
}

/** The smallest S for which the forward pass succeeds (the lower bound first, then a binary search). */
function shortestStretch(ws: Workspace, day: DayTimes, recovery: boolean): number {
  const bound = lowerBound(ws, day);
  if (forwardPass(ws, day, bound, recovery, undefined)) return bound;
  let lo = bound + 1;
  let hi = day.workEnd - day.origin;
  if (!forwardPass(ws, day, hi, recovery, undefined)) return UNBOUNDED;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (forwardPass(ws, day, mid, recovery, undefined)) hi = mid;
    else lo = mid + 1;
  }
  return hi;
}

/**
 * One pass with stretch bound S; true when every break is placed and no stretch exceeds S. With S unbounded it always
 * succeeds (each break then sits on its deadline, which the backward pass found allowed).
 */
function forwardPass(
  ws: Workspace,
  day: DayTimes,
  S: number,
  recoveryRule: boolean,
  out: ChosenTimes | undefined,
  balanced = false,
): boolean {
  let end = day.origin;
  let low = day.origin;
  let k = day.keptFrom;
  let recovery = recoveryRule ? 0 : ws.recoveryCount;
  let beforeNoon = false;
  for (let placed = 0; placed < day.target; placed += 1) {
    while (k < day.keptTo && day.kept[k]!.start <= end + S) {
      if (day.kept[k]!.end > end) end = day.kept[k]!.end;
      if (day.kept[k]!.start < day.noon) beforeNoon = true;
      k += 1;
    }
    let hi = Math.min(end + S, ws.late[day.target - 1 - placed]!);
    if (hi < low) return false;
    while (recovery < ws.recoveryCount && ws.recoveryAt[recovery]! < low) recovery += 1;
    const recoveryFits = recovery < ws.recoveryCount && ws.recoveryAt[recovery]! <= hi;
    if (balanced) {
      const left = day.target - placed;
      const share = end + Math.ceil((day.workEnd - end - left * day.shortest) / (left + 1));
      if (share < hi && share >= low && latestAllowed(ws, low, share) >= 0) hi = share;
    }
    let at = -1;
    let c = -1;
    let rule = STRETCH;
    let run = -1;
    if (recoveryFits) {
      at = ws.recoveryAt[recovery]!;
      c = allowedAt(ws, at);
      rule = RECOVERY;
      run = ws.recoveryRun[recovery]!;
    } else {
      c = latestAllowed(ws, low, hi);
      if (c < 0) return false;
      at = Math.min(ws.aHi[c]!, hi);
      if (placed + 1 < day.target) {
        const step = lookAhead(ws, low, hi, at, day.shortest, S);
        if (step >= 0) {
          at = step;
          c = latestAllowed(ws, at, at);
        }
      }
      if (!beforeNoon && at >= day.noon && day.noon > low) {
        const m = latestAllowed(ws, low, day.noon - 1);
        if (m >= 0) {
          c = m;
          at = Math.min(ws.aHi[m]!, day.noon - 1);
          rule = MORNING;
        }
      }
    }
    if (at < day.noon) beforeNoon = true;
    if (out) {
      out.start[placed] = at;
      out.allowed[placed] = c;
      out.rule[placed] = rule;
      out.run[placed] = run;
    }
    end = at + day.shortest;
    low = end + SPACING;
  }
  while (k < day.keptTo && day.kept[k]!.start <= end + S) {
    if (day.kept[k]!.end > end) end = day.kept[k]!.end;
    k += 1;
  }
  return k === day.keptTo && day.workEnd - end <= S;
}

/**
 * The latest start is not always the best one: 30 minutes of spacing can push the next break past a free stretch into
 * a meeting. When the next break would find no allowed start within S, take instead the latest start in [lo, hi] from
 * which it would (the one whose next window reaches back to the last allowed start before the gap); -1 when none.
 */
function lookAhead(ws: Workspace, lo: number, hi: number, at: number, d: number, S: number): number {
  if (latestAllowed(ws, at + d + SPACING, at + d + S) >= 0) return -1;
  const p = latestAllowed(ws, -Infinity, at + d + SPACING - 1);
  if (p < 0) return -1;
  const next = Math.min(ws.aHi[p]!, at + d + SPACING - 1);
  const from = Math.max(lo, next - d - S);
  const to = Math.min(hi, next - d - SPACING);
  const c = from <= to ? latestAllowed(ws, from, to) : -1;
  return c < 0 ? -1 : Math.min(ws.aHi[c]!, to);
}

/** Index of the last allowed range holding a start in [lo, hi] (lo <= hi), or -1. */
function latestAllowed(ws: Workspace, lo: number, hi: number): number {
  let a = 0;
  let b = ws.allowedCount;
  while (a < b) {
    const mid = (a + b) >> 1;
    if (ws.aLo[mid]! <= hi) a = mid + 1;
    else b = mid;
  }
  const c = a - 1;
  return c >= 0 && ws.aHi[c]! >= lo ? c : -1;
}

/** Index of the allowed range holding `at` (a recovery moment is always an allowed start). */
function allowedAt(ws: Workspace, at: number): number {
  return latestAllowed(ws, at, at);
}
