/*
 * The oracle for rule 1, written apart from the engine: the shortest possible longest sitting stretch of one day, exact
 * on a 1-minute grid. Binary search on the stretch S; for each S, a dynamic programme over start minutes (which
 * starts can the i-th break take, given the breaks before it) with the hard rules checked minute by minute: inside
 * [origin, workEnd], no meeting overlap, the full buffers (5 after, 2 before) when the gap allows them and 1 minute
 * otherwise, 30 minutes between breaks.
 */

export interface OracleDay {
  /** Epoch minutes. */
  origin: number;
  workEnd: number;
  /** Meetings as [start, end) in epoch minutes. */
  meetings: readonly (readonly [number, number])[];
  /** The durations of the day's breaks, in order. */
  durations: readonly number[];
}

const SPACING = 30;

export function allowedStarts(day: OracleDay, d: number): boolean[] {
  const length = day.workEnd - day.origin;
  const ok: boolean[] = new Array<boolean>(Math.max(0, length + 1)).fill(false);
  for (let t = 0; t + d <= length; t += 1) {
    const s = day.origin + t;
    const e = s + d;
    let before = -Infinity;
    let after = Infinity;
    let clash = false;
    for (const [ms, me] of day.meetings) {
      if (ms < e && me > s) clash = true;
      if (me <= s) before = Math.max(before, me);
      if (ms >= e) after = Math.min(after, ms);
    }
    if (clash) continue;
    const lo = Math.max(day.origin, before);
    const hi = Math.min(day.workEnd, after);
    const full = Math.min(hi, after - 2) - Math.max(lo, before + 5) >= d;
    ok[t] = full ? s - before >= 5 && after - e >= 2 : s - before >= 1 && after - e >= 1;
  }
  return ok;
}

export function feasible(day: OracleDay, allowed: readonly boolean[][], S: number): boolean {
  const length = day.workEnd - day.origin;
  let reach: boolean[] = allowed[0]!.map((ok, t) => ok && t <= S);
  for (let i = 1; i < day.durations.length; i += 1) {
    const d = day.durations[i - 1]!;
    const prefix: number[] = [0];
    for (let t = 0; t <= length; t += 1) prefix.push(prefix[t]! + (reach[t] ? 1 : 0));
    const count = (from: number, to: number): number => {
      const a = Math.max(0, from);
      const b = Math.min(length, to);
      return b < a ? 0 : prefix[b + 1]! - prefix[a]!;
    };
    reach = allowed[i]!.map((ok, t) => ok && count(t - d - S, t - d - SPACING) > 0);
  }
  const last = day.durations.at(-1)!;
  return reach.some((ok, t) => ok && length - (t + last) <= S);
}

/** The optimal longest stretch in minutes, or Infinity when the breaks do not fit at all. */
export function optimalLongestStretch(day: OracleDay): number {
  const length = day.workEnd - day.origin;
  if (day.durations.length === 0) return length;
  const allowed = day.durations.map((d) => allowedStarts(day, d));
  if (!feasible(day, allowed, length)) return Infinity;
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (feasible(day, allowed, mid)) hi = mid;
    else lo = mid + 1;
  }
  return hi;
}

/** The longest stretch of a plan: origin → first break, break → break, last break → work end (minutes). */
export function longestStretch(origin: number, workEnd: number, breaks: readonly (readonly [number, number])[]): number {
  let longest = 0;
  let from = origin;
  for (const [start, end] of breaks) {
    longest = Math.max(longest, start - from);
    from = end;
  }
  return Math.max(longest, workEnd - from);
}
