import { RULES } from './rules.js';
import { contextOf, problemIn } from './slot-proposals.js';
import type { PlacementInput } from './types.js';

/*
 * The next good slot for one break, for everything that moves or books a break after the plan is made ("Later", a
 * skipped break's replacement): the first start on the 5-minute grid, at or after a given instant, that passes every
 * rule slot proposals check (work hours, not in the past, no meeting, the buffers around meetings, spacing from every
 * other break in `input.existing`, no more breaks in a day than asked).
 */

const MS = 60_000;

export interface NextSlotRequest {
  /** Epoch ms: the slot starts at or after this. */
  from: number;
  /** Minutes the break may last: at the first start where one fits, the longest that fits there. */
  durations: readonly number[];
  /** How many work days to look in, from the one holding `from` (or the first after it); all of the horizon when absent. */
  workDays?: number;
}

export interface NextSlot {
  /** Epoch ms. */
  start: number;
  /** Minutes. */
  duration: number;
}

/** The next slot that passes every rule, or undefined when the work days looked in have none. */
export function nextGoodSlot(input: PlacementInput, request: NextSlotRequest): NextSlot | undefined {
  const context = contextOf(input);
  const durations = [...new Set(request.durations)].filter((d) => d > 0).sort((a, b) => b - a);
  const step = RULES.gridMinutes * MS;
  let days = 0;
  for (const frame of context.frames) {
    if (!(frame.workEnd > request.from)) continue;
    if (request.workDays !== undefined && days >= request.workDays) break;
    days += 1;
    for (let start = Math.ceil(Math.max(request.from, frame.workStart) / step) * step; start < frame.workEnd; start += step) {
      const duration = durations.find((d) => problemIn(context, start, d) === undefined);
      if (duration !== undefined) return { start, duration };
    }
  }
  return undefined;
}
