import type { Workspace } from './day-frame.js';
import { RULES } from './rules.js';

/*
 * Rule 1, exactly: for a stretch bound S, which starts can the i-th break take so that every stretch up to it is at
 * most S (a dynamic programme over the allowed start ranges, one set of ranges per break, built forward), and then the
 * breaks themselves (walked backward, each the latest start its successor allows). With `forced`, every window
 * [ws.forcedLo, ws.forcedHi] (rule 2's recovery windows the plan keeps) must hold one of the starts: no break may jump
 * over one. The forward pass in
 * choose-times.ts is cheaper; this one is the check that keeps it within 10% of the optimum.
 */

const SPACING = RULES.minimumSpacingMinutes;
const NONE = Infinity;

/** A day without kept breaks, as the programme needs it (epoch minutes). */
export interface ExactDay {
  origin: number;
  workEnd: number;
  target: number;
  shortest: number;
}

/** The first window that starts after t: a break at t must be followed by one no later than its end. */
function nextWindow(ws: Workspace, forced: boolean, t: number): number {
  if (!forced) return -1;
  for (let r = 0; r < ws.forcedCount; r += 1) if (ws.forcedLo[r]! > t) return r;
  return -1;
}

/** The ceiling for the start after one at t: the end of the next window, or Infinity. */
function nextForced(ws: Workspace, forced: boolean, t: number): number {
  const r = nextWindow(ws, forced, t);
  return r < 0 ? NONE : ws.forcedHi[r]!;
}

/** Where the start after one at t (in the window's order) changes ceiling: the next window's start, or Infinity. */
function nextSplit(ws: Workspace, forced: boolean, t: number): number {
  const r = nextWindow(ws, forced, t);
  return r < 0 ? NONE : ws.forcedLo[r]!;
}

/** The floor for the start before a break at t: the start of the last window that ends before t, or -Infinity. */
function previousForced(ws: Workspace, forced: boolean, t: number): number {
  if (!forced) return -NONE;
  for (let r = ws.forcedCount - 1; r >= 0; r -= 1) if (ws.forcedHi[r]! < t) return ws.forcedLo[r]!;
  return -NONE;
}

/** Appends allowed starts in [lo, hi] to level `base`'s ranges after n of them, in order; returns the new count. */
function intersectAllowed(ws: Workspace, base: number, n: number, lo: number, hi: number): number {
  const from = n > 0 ? Math.max(lo, ws.dHi[base + n - 1]! + 1) : lo;
  let count = n;
  for (let k = 0; k < ws.allowedCount && ws.aLo[k]! <= hi; k += 1) {
    const a = Math.max(from, ws.aLo[k]!);
    const b = Math.min(hi, ws.aHi[k]!);
    if (a > b) continue;
    ws.dLo[base + count] = a;
    ws.dHi[base + count] = b;
    count += 1;
  }
  return count;
}

/** True when `target` breaks fit with no stretch longer than S; the reach sets are left in the workspace. */
export function exactFeasible(ws: Workspace, day: ExactDay, S: number, forced = false): boolean {
  const d = day.shortest;
  ws.dFrom[0] = 0;
  ws.dCount[0] = intersectAllowed(ws, 0, 0, day.origin, Math.min(day.origin + S, nextForced(ws, forced, day.origin - 1)));
  for (let level = 1; level < day.target; level += 1) {
    const from = ws.dFrom[level - 1]!;
    const end = from + ws.dCount[level - 1]!;
    const base = end;
    let n = 0;
    for (let r = from; r < end; r += 1) {
      // Split each range where a window starts, so that every start in a piece has the same ceiling.
      let a = ws.dLo[r]!;
      while (a <= ws.dHi[r]!) {
        const ceiling = nextForced(ws, forced, a);
        const b = Math.min(ws.dHi[r]!, nextSplit(ws, forced, a) - 1);
        n = intersectAllowed(ws, base, n, a + d + SPACING, Math.min(b + d + S, ceiling));
        a = b + 1;
      }
    }
    if (n === 0) return false;
    ws.dFrom[level] = base;
    ws.dCount[level] = n;
  }
  const last = day.target - 1;
  if (ws.dCount[last]! === 0) return false;
  const top = ws.dHi[ws.dFrom[last]! + ws.dCount[last]! - 1]!;
  return top >= previousForced(ws, forced, NONE) && day.workEnd - (top + d) <= S;
}

/** After a successful exactFeasible(S): the starts, latest first from the end, into `starts`. */
export function exactStarts(ws: Workspace, day: ExactDay, S: number, starts: number[], forced = false): void {
  const d = day.shortest;
  const last = day.target - 1;
  let next = ws.dHi[ws.dFrom[last]! + ws.dCount[last]! - 1]!;
  starts[last] = next;
  for (let level = last - 1; level >= 0; level -= 1) {
    const lo = Math.max(next - d - S, previousForced(ws, forced, next));
    const hi = next - d - SPACING;
    const from = ws.dFrom[level]!;
    for (let r = from + ws.dCount[level]! - 1; r >= from; r -= 1) {
      if (ws.dLo[r]! > hi) continue;
      if (ws.dHi[r]! >= lo) next = Math.min(ws.dHi[r]!, hi);
      break;
    }
    starts[level] = next;
  }
}

/**
 * The optimum of rule 1 when it is at most `below`, else -1 (binary search on S over exactFeasible). `from` is a known
 * lower bound on the answer (no plan does better), which shortens the search.
 */
export function exactStretchBelow(ws: Workspace, day: ExactDay, below: number, forced = false, from = 0): number {
  if (below < 0 || !exactFeasible(ws, day, below, forced)) return -1;
  let lo = Math.min(Math.max(0, from), below);
  let hi = below;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (exactFeasible(ws, day, mid, forced)) hi = mid;
    else lo = mid + 1;
  }
  return hi;
}
