import type { ActivityIndex, BreakContext } from './activity-choice.js';
import { startRange, type Workspace } from './day-frame.js';
import { RULES } from './rules.js';

/*
 * Phase 3, choose the activities: for each chosen time, the longest duration the slot holds (buffers, and spacing to
 * the next break), then what the moment calls for. Rule 3: 45 minutes or more of video calls since the last break make
 * it an eye rest whenever the pool has one that fits.
 */

const SPACING = RULES.minimumSpacingMinutes;

/** The longest pool duration that can start at `at` in piece j and still end 30 minutes before `nextStart`. */
export function longestFitting(ws: Workspace, index: ActivityIndex, j: number, at: number, nextStart: number): number {
  const range = ws.range;
  for (const d of index.durationsDesc) {
    if (at + d + SPACING > nextStart) continue;
    startRange(ws, j, d, range);
    if (range.tight && d !== index.shortest) continue;
    if (at >= range.lo && at <= range.hi) return d;
  }
  return index.shortest;
}

/** Minutes of video calls in [from, to), counting from call index `first` on (calls are merged and in order). */
export function callMinutes(ws: Workspace, first: number, from: number, to: number): number {
  let total = 0;
  for (let c = first; c < ws.callCount && ws.callStart[c]! < to; c += 1) {
    const lo = Math.max(ws.callStart[c]!, from);
    const hi = Math.min(ws.callEnd[c]!, to);
    if (hi > lo) total += hi - lo;
  }
  return total;
}

/** First call ending after `from` (a pointer the caller moves forward). */
export function firstCallAfter(ws: Workspace, pointer: number, from: number): number {
  let c = pointer;
  while (c < ws.callCount && ws.callEnd[c]! <= from) c += 1;
  return c;
}

/** What the moment calls for: calls first (rule 3), then a long run of meetings, then long sitting. */
export function contextFor(calls: number, runBefore: number, sitting: number): BreakContext {
  if (calls >= RULES.callMinutesForEyeRest) return 'eyes';
  if (runBefore >= RULES.backToBackRunMinutes) return 'eye-rest';
  if (sitting >= RULES.longSittingMinutes) return 'movement';
  return 'any';
}
