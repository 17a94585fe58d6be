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
 * Rule 1 (with rules 2 and 4 inside the pass): the day's break times into `out`. Rule 2 yields to rule 1 only where
 * honouring it would make the longest stretch more than 10% longer than the day allows without it, and then only for
 * as few runs as that bound needs.
 */
export function chooseTimes(ws: Workspace, day: DayTimes, out: ChosenTimes): void {
  const stretch = shortestStretch(ws, day, true);
  const exact = day.keptFrom === day.keptTo;
  // The exact programme only needs to answer whether 10% better is possible (one pass when it is not).
  const below = Math.ceil((stretch * 10) / 11) - 1;
  const better = exact && below >= evenShare(day) ? exactStretchBelow(ws, day, below) : -1;
  if (better < 0) {
    out.stretch = stretch;
    // Where the longest stretch leaves slack, the breaks share what is left of the day evenly rather than crowd
    // against their deadlines; when that cannot keep to the stretch, the plain pass does.
    if (!forwardPass(ws, day, stretch, true, out, true)) forwardPass(ws, day, stretch, true, out, false);
    // The pass takes a recovery moment only when its window holds one; when it left one out, the exact programme
    // looks for a plan within 10% of the optimum that keeps more of them.
    if (!exact || recoveriesTaken(out, day.target) === ws.recoveryCount) return;
  }
  const optimum = better >= 0 ? better : exactStretchBelow(ws, day, stretch);
  exactPlan(ws, day, optimum, out);
}

function recoveriesTaken(out: ChosenTimes, target: number): number {
  let taken = 0;
  for (let i = 0; i < target; i += 1) if (out.rule[i] === RECOVERY) taken += 1;
  return taken;
}

/**
 * Rule 2 inside rule 1's bound: the most recovery runs a plan with no stretch past 1.1 × `optimum` can follow, forced
 * into the exact programme (of those sets, the one with the shortest longest stretch); then the plan itself. Each run's
 * break goes at its first free moment when the bound allows that for as many runs, else within 20 minutes of its end,
 * as early as the stretch after it allows.
 */
function exactPlan(ws: Workspace, day: DayTimes, optimum: number, out: ChosenTimes): void {
  const bound = Math.floor((optimum * 11) / 10);
  const most = Math.min(ws.recoveryCount, MAX_FORCED_MOMENTS, day.target);
  let best = bestForcedSet(ws, day, bound, optimum, false);
  if (popCount(best.mask) < most) {
    const wide = bestForcedSet(ws, day, bound, optimum, true);
    if (popCount(wide.mask) > popCount(best.mask)) best = wide;
  }
  forceMoments(ws, best.mask, best.wide);
  const withRecovery = best.mask !== 0;
  out.stretch = best.stretch;
  exactFeasible(ws, day, out.stretch, withRecovery);
  exactStarts(ws, day, out.stretch, out.start, withRecovery);
  let w = 0;
  for (let i = 0; i < day.target; i += 1) {
    while (w < ws.forcedCount && ws.forcedHi[w]! < out.start[i]!) w += 1;
    const recovery = w < ws.forcedCount && ws.forcedLo[w]! <= out.start[i]!;
    if (recovery && best.wide) out.start[i] = earliestInWindow(ws, day, out, i, ws.forcedLo[w]!);
    out.allowed[i] = latestAllowed(ws, out.start[i]!, out.start[i]!);
    out.rule[i] = recovery ? RECOVERY : STRETCH;
    out.run[i] = recovery ? ws.forcedRun[w]! : -1;
  }
}

interface ForcedSet {
  mask: number;
  stretch: number;
  wide: boolean;
}

/** The largest set of recovery moments (bit r: moment r) the bound allows, and the shortest stretch with it. */
function bestForcedSet(ws: Workspace, day: DayTimes, bound: number, optimum: number, wide: boolean): ForcedSet {
  const moments = Math.min(ws.recoveryCount, MAX_FORCED_MOMENTS);
  const best: ForcedSet = { mask: 0, stretch: optimum, wide };
  for (let size = Math.min(moments, day.target); size > 0 && best.mask === 0; size -= 1) {
    for (let mask = (1 << moments) - 1; mask > 0; mask -= 1) {
      if (popCount(mask) !== size) continue;
      forceMoments(ws, mask, wide);
      const s = exactStretchBelow(ws, day, best.mask === 0 ? bound : best.stretch - 1, true);
      if (s < 0) continue;
      best.mask = mask;
      best.stretch = s;
    }
  }
  return best;
}

/**
 * A recovery break the programme put late in its window moves back toward the run's end: as far as spacing after the
 * break before, the stretch to the next break (or work end) and its allowed range let it.
 */
function earliestInWindow(ws: Workspace, day: DayTimes, out: ChosenTimes, i: number, lo: number): number {
  const at = out.start[i]!;
  const c = latestAllowed(ws, at, at);
  const previousEnd = i > 0 ? out.start[i - 1]! + day.shortest + SPACING : -Infinity;
  const nextStart = i + 1 < day.target ? out.start[i + 1]! : day.workEnd;
  return Math.min(at, Math.max(lo, ws.aLo[c]!, previousEnd, nextStart - day.shortest - out.stretch));
}

/** A work day holds a handful of 60-minute runs; the sets of moments tried stay few (2^8 at the very most). */
const MAX_FORCED_MOMENTS = 8;

/** Sets the exact programme's windows to the moments in `mask`: each a point, or (wide) up to 20 minutes after its run. */
function forceMoments(ws: Workspace, mask: number, wide: boolean): void {
  ws.forcedCount = 0;
  for (let r = 0; r < ws.recoveryCount && r < MAX_FORCED_MOMENTS; r += 1) {
    if ((mask & (1 << r)) === 0) continue;
    const at = ws.recoveryAt[r]!;
    const f = ws.forcedCount;
    ws.forcedLo[f] = at;
    ws.forcedHi[f] = wide ? Math.max(at, ws.backEnd[ws.recoveryRun[r]!]! + RULES.recoveryWithinMinutes) : at;
    ws.forcedRun[f] = ws.recoveryRun[r]!;
    ws.forcedCount = f + 1;
  }
}

function popCount(mask: number): number {
  let count = 0;
  for (let m = mask; m > 0; m &= m - 1) count += 1;
  return count;
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
