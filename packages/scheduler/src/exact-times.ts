import type { Workspace } from './day-frame.js';
import { RULES } from './rules.js';

/*
 * Rule 1, exactly: for a stretch bound S, which starts can the i-th break take so that every stretch up to it is at
 * most S (a dynamic programme over the allowed start ranges, one set of ranges per break, built forward), and then the
 * breaks themselves (walked backward, each the latest start its successor allows). The forward pass in choose-times.ts
 * is cheaper and carries rules 2 and 4; this one is the check that keeps it within 10% of the optimum.
 */

const SPACING = RULES.minimumSpacingMinutes;

/** A day without kept breaks, as the programme needs it (epoch minutes). */
export interface ExactDay {
  origin: number;
  workEnd: number;
  target: number;
  shortest: number;
}

/** True when `target` breaks fit with no stretch longer than S; the reach sets are left in the workspace. */
export function exactFeasible(ws: Workspace, day: ExactDay, S: number): boolean {
  const d = day.shortest;
  let count = 0;
  // Level 0: allowed starts within S of the origin.
  for (let c = 0; c < ws.allowedCount; c += 1) {
    const lo = Math.max(ws.aLo[c]!, day.origin);
    const hi = Math.min(ws.aHi[c]!, day.origin + S);
    if (lo > hi) continue;
    ws.dLo[count] = lo;
    ws.dHi[count] = hi;
    count += 1;
  }
  ws.dFrom[0] = 0;
  ws.dCount[0] = count;
  for (let level = 1; level < day.target; level += 1) {
    const from = ws.dFrom[level - 1]!;
    const prevCount = ws.dCount[level - 1]!;
    const base = from + prevCount;
    let n = 0;
    let c = 0;
    for (let r = from; r < from + prevCount; r += 1) {
      // Starts reachable from this range: [lo + d + 30, hi + d + S], merged with what the next ranges reach.
      const lo = ws.dLo[r]! + d + SPACING;
      let hi = ws.dHi[r]! + d + S;
      while (r + 1 < from + prevCount && ws.dLo[r + 1]! + d + SPACING <= hi + 1) {
        r += 1;
        hi = Math.max(hi, ws.dHi[r]! + d + S);
      }
      while (c < ws.allowedCount && ws.aHi[c]! < lo) c += 1;
      for (let k = c; k < ws.allowedCount && ws.aLo[k]! <= hi; k += 1) {
        const a = Math.max(lo, ws.aLo[k]!);
        const b = Math.min(hi, ws.aHi[k]!);
        if (a > b) continue;
        ws.dLo[base + n] = a;
        ws.dHi[base + n] = b;
        n += 1;
      }
    }
    if (n === 0) return false;
    ws.dFrom[level] = base;
    ws.dCount[level] = n;
  }
  const last = day.target - 1;
  const top = ws.dFrom[last]! + ws.dCount[last]! - 1;
  return ws.dCount[last]! > 0 && day.workEnd - (ws.dHi[top]! + d) <= S;
}

/** After a successful exactFeasible(S): the starts, latest first from the end, into `starts`. */
export function exactStarts(ws: Workspace, day: ExactDay, S: number, starts: number[]): void {
  const d = day.shortest;
  const last = day.target - 1;
  let next = ws.dHi[ws.dFrom[last]! + ws.dCount[last]! - 1]!;
  starts[last] = next;
  for (let level = last - 1; level >= 0; level -= 1) {
    const lo = next - d - S;
    const hi = next - d - SPACING;
    const from = ws.dFrom[level]!;
    for (let r = from + ws.dCount[level]! - 1; r >= from; r -= 1) {
      if (ws.dLo[r]! > hi) continue;
      if (ws.dHi[r]! < lo) break;
      next = Math.min(ws.dHi[r]!, hi);
      break;
    }
    starts[level] = next;
  }
}

/** The optimum of rule 1 when it is at most `below`, else -1 (binary search on S over exactFeasible). */
export function exactStretchBelow(ws: Workspace, day: ExactDay, below: number): number {
  if (below < 0 || !exactFeasible(ws, day, below)) return -1;
  let lo = 0;
  let hi = below;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (exactFeasible(ws, day, mid)) hi = mid;
    else lo = mid + 1;
  }
  return hi;
}
