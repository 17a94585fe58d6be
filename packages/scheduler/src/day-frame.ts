import { RULES } from './rules.js';
import type { PlacementInput } from './types.js';

/*
 * Phase 1, frame the day: the calendar as the later phases need it, in integer epoch minutes. Everything here is
 * computed once per call (meeting runs, calls) or once per day (free pieces, allowed starts, recovery moments) into a
 * workspace the caller owns, so the inner loops of the later phases allocate nothing.
 */

const MS = 60_000;
const AFTER = RULES.bufferAfterMeetingMinutes;
const BEFORE = RULES.bufferBeforeMeetingMinutes;
const MIN_BUFFER = RULES.minimumBufferMinutes;
const SPACING = RULES.minimumSpacingMinutes;

/** A session that stays where it is (completed, skipped, pinned, or a scheduled one already past). */
export interface KeptBreak {
  start: number;
  end: number;
  activityId: string;
  day: number;
}

/** Parallel arrays, owned by one call of placeBreaks and reused from day to day. */
export interface Workspace {
  /** Meeting runs merged across gaps too small to hold any break (they bound the free pieces). */
  runStart: number[];
  runEnd: number[];
  runCount: number;
  /** Runs of back-to-back meetings (gaps under 5 minutes), with how many of their minutes were calls. */
  backStart: number[];
  backEnd: number[];
  backCalls: number[];
  backCount: number;
  /** Calls merged across overlaps, for the minutes of calls since a break. */
  callStart: number[];
  callEnd: number[];
  callCount: number;
  /** Free pieces of the current day: [lo, hi] between meeting runs and kept breaks, with the meetings around them. */
  pLo: number[];
  pHi: number[];
  pPe: number[];
  pNs: number[];
  pieceCount: number;
  /** Starts allowed for the shortest activity, as ranges in time order, with their piece. */
  aLo: number[];
  aHi: number[];
  aPiece: number[];
  allowedCount: number;
  /** The first allowed start after each back-to-back run of the day that is long enough, and its run. */
  recoveryAt: number[];
  recoveryRun: number[];
  recoveryCount: number;
  /**
   * The recovery windows the exact programme must put a start in (for a subset of the recovery moments, in time order):
   * [forcedLo, forcedHi], from the moment itself to at most 20 minutes after the run's end.
   */
  forcedLo: number[];
  forcedHi: number[];
  /** The back-to-back run of each window. */
  forcedRun: number[];
  forcedCount: number;
  /** late[k]: the latest start of a break that still has k breaks after it. */
  late: number[];
  /** The exact programme's reach sets: level i's ranges are dLo/dHi[dFrom[i] .. dFrom[i] + dCount[i]). */
  dLo: number[];
  dHi: number[];
  dFrom: number[];
  dCount: number[];
  /** Scratch for startRange answers. */
  range: StartRange;
}

export function newWorkspace(): Workspace {
  return {
    runStart: [],
    runEnd: [],
    runCount: 0,
    backStart: [],
    backEnd: [],
    backCalls: [],
    backCount: 0,
    callStart: [],
    callEnd: [],
    callCount: 0,
    pLo: [],
    pHi: [],
    pPe: [],
    pNs: [],
    pieceCount: 0,
    aLo: [],
    aHi: [],
    aPiece: [],
    allowedCount: 0,
    recoveryAt: [],
    recoveryRun: [],
    recoveryCount: 0,
    forcedLo: [],
    forcedHi: [],
    forcedRun: [],
    forcedCount: 0,
    late: [],
    dLo: [],
    dHi: [],
    dFrom: [],
    dCount: [],
    range: { lo: 0, hi: 0, tight: false },
  };
}

/** Where a break of `d` minutes may start in a piece: [lo, hi], or lo > hi when nowhere. */
export interface StartRange {
  lo: number;
  hi: number;
  /** Only the 1-minute buffers fit (the full ones do not). */
  tight: boolean;
}

/**
 * The starts in piece j for a break of `d` minutes: those that keep the full buffers (5 minutes after the meeting
 * before, 2 before the next) when the piece allows them, else those that keep 1 minute on each meeting side.
 */
export function startRange(ws: Workspace, j: number, d: number, out: StartRange): StartRange {
  const lo = ws.pLo[j]!;
  const hi = ws.pHi[j]!;
  const pe = ws.pPe[j]!;
  const ns = ws.pNs[j]!;
  out.lo = Math.max(lo, pe + AFTER);
  out.hi = Math.min(hi, ns - BEFORE) - d;
  out.tight = false;
  if (out.lo <= out.hi) return out;
  out.lo = Math.max(lo, pe + MIN_BUFFER);
  out.hi = Math.min(hi, ns - MIN_BUFFER) - d;
  out.tight = true;
  return out;
}

/** Busy intervals → meeting runs (merged below `mergeBelow`), back-to-back runs and calls, all in minutes. */
export function frameMeetings(input: PlacementInput, ws: Workspace, mergeBelow: number): void {
  const busy = input.busy;
  let sorted = true;
  for (let i = 1; i < busy.length && sorted; i += 1) sorted = busy[i]!.start >= busy[i - 1]!.start;
  const ordered = sorted ? busy : [...busy].sort((x, y) => x.start - y.start);
  ws.runCount = 0;
  ws.backCount = 0;
  ws.callCount = 0;
  for (let i = 0; i < ordered.length; i += 1) {
    const interval = ordered[i]!;
    const start = Math.floor(interval.start / MS);
    const end = Math.ceil(interval.end / MS);
    if (!(end > start)) continue;
    const r = ws.runCount;
    if (r > 0 && start - ws.runEnd[r - 1]! < mergeBelow) {
      if (end > ws.runEnd[r - 1]!) ws.runEnd[r - 1] = end;
    } else {
      ws.runStart[r] = start;
      ws.runEnd[r] = end;
      ws.runCount = r + 1;
    }
    const b = ws.backCount;
    const callNew = interval.call === true ? end - Math.max(start, b > 0 ? Math.min(ws.backEnd[b - 1]!, end) : start) : 0;
    if (b > 0 && start - ws.backEnd[b - 1]! < RULES.backToBackGapMinutes) {
      if (end > ws.backEnd[b - 1]!) ws.backEnd[b - 1] = end;
      ws.backCalls[b - 1]! += Math.max(0, callNew);
    } else {
      ws.backStart[b] = start;
      ws.backEnd[b] = end;
      ws.backCalls[b] = interval.call === true ? end - start : 0;
      ws.backCount = b + 1;
    }
    if (interval.call === true) {
      const c = ws.callCount;
      if (c > 0 && start <= ws.callEnd[c - 1]!) {
        if (end > ws.callEnd[c - 1]!) ws.callEnd[c - 1] = end;
      } else {
        ws.callStart[c] = start;
        ws.callEnd[c] = end;
        ws.callCount = c + 1;
      }
    }
  }
}

/** Sessions that stay, in minutes, earliest first. */
export function keptBreaks(input: PlacementInput, localDay: (minute: number) => number): KeptBreak[] {
  const kept: KeptBreak[] = [];
  for (const session of input.existing) {
    if (session.status === 'scheduled' && !session.pinned && session.start >= input.now) continue;
    const start = Math.floor(session.start / MS);
    kept.push({
      start,
      end: Math.max(start + 1, Math.ceil((session.start + Math.max(0, session.duration) * MS) / MS)),
      activityId: session.activityId,
      day: localDay(start),
    });
  }
  kept.sort((x, y) => x.start - y.start || x.end - y.end);
  return kept;
}

/** Cuts [a, we] into pieces free of meeting runs and of kept breaks (with the spacing around them). */
export function framePieces(ws: Workspace, kept: readonly KeptBreak[], a: number, we: number, shortest: number): void {
  ws.pieceCount = 0;
  const n = ws.runCount;
  let i = firstEndingAfter(ws.runEnd, n, a);
  let pe = i > 0 ? ws.runEnd[i - 1]! : -Infinity;
  let k = 0;
  for (;;) {
    const ns = i < n ? ws.runStart[i]! : Infinity;
    const gapLo = Math.max(a, pe);
    const gapHi = Math.min(we, ns);
    if (gapHi - gapLo >= shortest) {
      let cursor = gapLo;
      while (k < kept.length && kept[k]!.end + SPACING <= gapLo) k += 1;
      for (let m = k; m < kept.length && kept[m]!.start - SPACING < gapHi; m += 1) {
        const keepOut = kept[m]!.start - SPACING;
        if (keepOut - cursor >= shortest) pushPiece(ws, cursor, Math.min(gapHi, keepOut), pe, ns);
        cursor = Math.max(cursor, kept[m]!.end + SPACING);
      }
      if (gapHi - cursor >= shortest) pushPiece(ws, cursor, gapHi, pe, ns);
    }
    if (i >= n || ns >= we) break;
    pe = ws.runEnd[i]!;
    i += 1;
  }
}

function firstEndingAfter(ends: readonly number[], count: number, t: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ends[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function pushPiece(ws: Workspace, lo: number, hi: number, pe: number, ns: number): void {
  const j = ws.pieceCount;
  ws.pLo[j] = lo;
  ws.pHi[j] = hi;
  ws.pPe[j] = pe;
  ws.pNs[j] = ns;
  ws.pieceCount = j + 1;
}

/** The allowed starts of the shortest activity, piece by piece. */
export function frameAllowedStarts(ws: Workspace, shortest: number): void {
  const range = ws.range;
  ws.allowedCount = 0;
  for (let j = 0; j < ws.pieceCount; j += 1) {
    startRange(ws, j, shortest, range);
    if (range.lo > range.hi) continue;
    const c = ws.allowedCount;
    ws.aLo[c] = range.lo;
    ws.aHi[c] = range.hi;
    ws.aPiece[c] = j;
    ws.allowedCount = c + 1;
  }
}

/**
 * Rule 2's moments: for each back-to-back run of 60 minutes or more ending in [a, we), the first allowed start
 * before the next meeting (the first gap after the run that can hold a break, as close to its end as the buffer
 * allows).
 */
export function frameRecovery(ws: Workspace, a: number, we: number): void {
  ws.recoveryCount = 0;
  let c = 0;
  for (let r = firstEndingAfter(ws.backEnd, ws.backCount, a - 1); r < ws.backCount; r += 1) {
    const end = ws.backEnd[r]!;
    if (end >= we) break;
    // Sitting counts from the origin: a run that started before work (or before now) counts from there.
    if (end - Math.max(a, ws.backStart[r]!) < RULES.backToBackRunMinutes) continue;
    const nextMeeting = r + 1 < ws.backCount ? ws.backStart[r + 1]! : Infinity;
    while (c < ws.allowedCount && ws.aHi[c]! < end) c += 1;
    if (c >= ws.allowedCount) break;
    const at = Math.max(ws.aLo[c]!, end);
    if (at >= nextMeeting) continue;
    const n = ws.recoveryCount;
    ws.recoveryAt[n] = at;
    ws.recoveryRun[n] = r;
    ws.recoveryCount = n + 1;
  }
}

/**
 * The backward pass: `wanted` breaks of the shortest activity packed as late as they go; late[k] is the latest start
 * of a break with k breaks after it, computed once per day. Returns how many breaks the day holds (at most `wanted`).
 */
export function frameDeadlines(ws: Workspace, wanted: number, shortest: number): number {
  let count = 0;
  let next = Infinity;
  for (let c = ws.allowedCount - 1; c >= 0 && count < wanted; c -= 1) {
    for (
      let cur = Math.min(ws.aHi[c]!, next - shortest - SPACING);
      cur >= ws.aLo[c]! && count < wanted;
      cur -= shortest + SPACING
    ) {
      ws.late[count] = cur;
      count += 1;
      next = cur;
    }
  }
  return count;
}
