import { RULES } from './rules.js';

/*
 * How many runs of back-to-back meetings a day can follow with a break (rule 2) without breaking rule 1's bound: the
 * denominator of the recovery share. A dynamic programme on a 1-minute grid, written apart from the engine's exact
 * programme: f[t] is the most windows covered by plans whose latest break starts at minute t.
 */

export interface RecoveryRoom {
  /** Minutes from the origin to work end. */
  length: number;
  /** allowed[t]: a break of `duration` minutes may start t minutes after the origin (buffers, no meeting). */
  allowed: readonly boolean[];
  /** window[t]: a start at t follows a run within 20 minutes of its end (at most one run per minute). */
  window: readonly boolean[];
  /** The day's breaks, and their length (the shortest activity). */
  breaks: number;
  duration: number;
  /** The longest stretch allowed (work start → first break, between breaks, last break → work end). */
  bound: number;
}

const NONE = -1;

/** The most windows one plan of `breaks` breaks can hold, 30 minutes apart, no stretch past `bound`; -1 when none fits. */
export function mostRunsFollowed(room: RecoveryRoom): number {
  const { length, allowed, window, breaks, duration, bound } = room;
  if (breaks <= 0) return NONE;
  let f: number[] = [];
  for (let t = 0; t <= length; t += 1) f.push(allowed[t] && t <= bound ? (window[t] ? 1 : 0) : NONE);
  for (let i = 1; i < breaks; i += 1) f = nextLevel(f, room);
  let best = NONE;
  for (let t = 0; t <= length; t += 1) if (f[t]! > best && length - (t + duration) <= bound) best = f[t]!;
  return best;
}

/** One more break: from each start u, the next may start in [u + d + 30, u + d + bound] (a sliding maximum). */
function nextLevel(f: readonly number[], room: RecoveryRoom): number[] {
  const { length, allowed, window, duration, bound } = room;
  const next: number[] = [];
  const queue: number[] = [];
  let head = 0;
  let pushed = 0;
  for (let t = 0; t <= length; t += 1) {
    const newest = t - duration - RULES.minimumSpacingMinutes;
    for (; pushed <= newest; pushed += 1) {
      if (f[pushed]! === NONE) continue;
      while (queue.length > head && f[queue[queue.length - 1]!]! <= f[pushed]!) queue.pop();
      queue.push(pushed);
    }
    while (head < queue.length && queue[head]! < t - duration - bound) head += 1;
    next.push(allowed[t] && head < queue.length ? f[queue[head]!]! + (window[t] ? 1 : 0) : NONE);
  }
  return next;
}
