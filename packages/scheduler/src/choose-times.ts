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
  if (better >= 0) {
    exactPlan(ws, day, better, out, 0, ALL_MOMENTS);
    return;
  }
  out.stretch = stretch;
  // Where the longest stretch leaves slack, the breaks share what is left of the day evenly rather than crowd
  // against their deadlines; when that cannot keep to the stretch, the plain pass does.
  if (!forwardPass(ws, day, stretch, true, out, true)) forwardPass(ws, day, stretch, true, out, false);
  // The pass takes a recovery moment only when its window holds one; when it left one out, the exact programme
  // looks for a plan within 10% of the optimum that keeps more of them (and keeps the pass's plan when none does).
  const taken = recoveriesTaken(out, day.target);
  if (!exact || taken >= mostMoments(ws, day)) return;
  // The optimum is at most the pass's stretch: when not even that looser bound lets a plan keep more moments (each
  // within 20 minutes of its run, the widest rule 2 allows), the true bound cannot either, and no search is needed.
  const candidates = viableMoments(ws, day, Math.floor((stretch * 11) / 10), ALL_MOMENTS);
  if (popCount(candidates) <= taken) return;
  // No plan is 10% better than the pass, so the optimum lies between `below` and the pass's stretch.
  exactPlan(ws, day, exactStretchBelow(ws, day, stretch, false, below + 1), out, taken, candidates);
}

function recoveriesTaken(out: ChosenTimes, target: number): number {
  let taken = 0;
  for (let i = 0; i < target; i += 1) if (out.rule[i] === RECOVERY) taken += 1;
  return taken;
}

function mostMoments(ws: Workspace, day: DayTimes): number {
  return Math.min(ws.recoveryCount, MAX_FORCED_MOMENTS, day.target);
}

/**
 * Rule 2 inside rule 1's bound: the most recovery runs (more than `floor`) a plan with no stretch past 1.1 × `optimum`
 * can follow, forced into the exact programme; then the plan itself. Each run's break goes at its first free moment
 * when the bound allows that for as many runs, else within 20 minutes of its end, as early as the stretch after it
 * allows. With `floor` > 0 and no such set, `out` stays as it is.
 */
function exactPlan(ws: Workspace, day: DayTimes, optimum: number, out: ChosenTimes, floor: number, candidates: number): void {
  const bound = Math.floor((optimum * 11) / 10);
  const best = bestForcedSet(ws, day, bound, floor, candidates);
  if (best.size === 0 && floor > 0) return;
  forceMoments(ws, best.mask, best.wide);
  const withRecovery = best.mask !== 0;
  // Forcing moments never beats the optimum, and often costs nothing: the search starts there.
  out.stretch =
    !withRecovery || exactFeasible(ws, day, optimum, true) ? optimum : exactStretchBelow(ws, day, bound, true, optimum + 1);
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

/**
 * The most moments the bound lets a plan keep, each within 20 minutes of its run (then moved back toward the run's end
 * as far as the plan allows, earliestInWindow): all of them when that fits (the common case, one check), else the
 * largest set among the moments viable on their own.
 */
function bestForcedSet(ws: Workspace, day: DayTimes, bound: number, floor: number, candidates: number): ForcedSet {
  const all = candidates & ((1 << Math.min(ws.recoveryCount, MAX_FORCED_MOMENTS)) - 1);
  const size = popCount(all);
  if (size <= floor) return { mask: 0, size: 0, wide: true };
  if (size <= day.target) {
    forceMoments(ws, all, true);
    if (exactFeasible(ws, day, bound, true)) return { mask: all, size, wide: true };
  }
  return largestForcedSet(ws, day, bound, true, floor, viableMoments(ws, day, bound, all));
}

interface ForcedSet {
  mask: number;
  size: number;
  wide: boolean;
}

/**
 * The recovery moments among `candidates` (bit r: moment r) that a plan within the bound can follow one at a time,
 * within 20 minutes (a moment no looser bound allows, a tighter one does not either).
 */
function viableMoments(ws: Workspace, day: DayTimes, bound: number, candidates: number): number {
  let viable = 0;
  for (let r = 0; r < Math.min(ws.recoveryCount, MAX_FORCED_MOMENTS); r += 1) {
    if ((candidates & (1 << r)) === 0) continue;
    forceMoments(ws, 1 << r, true);
    if (exactFeasible(ws, day, bound, true)) viable |= 1 << r;
  }
  return viable;
}

/**
 * The first of the largest sets of recovery moments (more than `floor`, among the `viable` ones: a set holding a moment
 * no plan can follow on its own fits no plan either) the bound allows.
 */
function largestForcedSet(ws: Workspace, day: DayTimes, bound: number, wide: boolean, floor: number, viable: number): ForcedSet {
  for (let size = Math.min(popCount(viable), day.target); size > floor; size -= 1) {
    for (let mask = viable; mask > 0; mask = (mask - 1) & viable) {
      if (popCount(mask) !== size) continue;
      forceMoments(ws, mask, wide);
      if (exactFeasible(ws, day, bound, true)) return { mask, size, wide };
    }
  }
  return { mask: 0, size: 0, wide };
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
const ALL_MOMENTS = (1 << MAX_FORCED_MOMENTS) - 1;

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
