import { chooseActivity, indexActivities, type ActivityIndex, type BreakContext } from './activity-choice.js';
import { formatClock, formatDate, formatSpan, isoWeekday, parseClock } from './civil.js';
import { dayRandom } from './random.js';
import { DEFAULT_WORK_DAYS, ENGINE_VERSION, RULES } from './rules.js';
import type { DayShortfall, PlacedBreak, PlacementInput, PlacementResult } from './types.js';
import { zoneClock, type ZoneClock } from './zone-clock.js';

export { ENGINE_VERSION };

const LEAD = RULES.leadTimeMinutes;
const AFTER = RULES.bufferAfterMeetingMinutes;
const BEFORE = RULES.bufferBeforeMeetingMinutes;
const MIN_BUFFER = RULES.minimumBufferMinutes;
const SPACING = RULES.minimumSpacingMinutes;
const FLEX = RULES.flexWindowMinutes;
const RUN = RULES.backToBackRunMinutes;
const RUN_WITHIN = RULES.afterRunWithinMinutes;
const LONG_MEETING = RULES.longMeetingMinutes;
const LONG_SITTING = RULES.longSittingMinutes;
const GRID = RULES.gridMinutes;
const MS = 60_000;

/*
 * All arithmetic below is in epoch minutes. The day's free time is cut into "pieces": stretches inside the usable
 * window [a, we] (a = the later of work start and now + lead time) between meeting runs and kept breaks. Each piece
 * remembers the meeting that ends before it (pe) and the one that starts after it (ns), so buffers can be applied.
 * The pieces live in parallel scratch arrays, reused from day to day and call to call (the function is synchronous).
 */
let pieceCount = 0;
const pLo: number[] = [];
const pHi: number[] = [];
const pPe: number[] = [];
const pNs: number[] = [];
/** Length of the meeting run that ends at pe when the piece starts right after it, else 0. */
const pRun: number[] = [];

/** Out-values of slotRange / evaluatePiece (no allocation in the inner loops). */
let rLo = 0;
let rHi = 0;
let rTight = false;
let rPref = 0;
let cP = 0;
let cD = 0;
let cTight = false;

/**
 * Where a break of `d` minutes may start in piece j: the range that honours the full buffers (5 min after the meeting
 * before, 2 min before the next) when the piece allows it; otherwise the starts that keep at least 1 minute on each
 * meeting side, preferring the one that shares the little room in the same 5:2 proportion (rPref); otherwise nowhere.
 */
function slotRange(j: number, d: number): boolean {
  const lo = pLo[j]!;
  const hi = pHi[j]!;
  const pe = pPe[j]!;
  const ns = pNs[j]!;
  const fullLo = Math.max(lo, pe + AFTER);
  const fullHi = Math.min(hi, ns - BEFORE) - d;
  if (fullLo <= fullHi) {
    rLo = fullLo;
    rHi = fullHi;
    rPref = fullLo;
    rTight = false;
    return true;
  }
  const minLo = Math.max(lo, pe + MIN_BUFFER);
  const minHi = Math.min(hi, ns - MIN_BUFFER) - d;
  if (minLo > minHi) return false;
  const wantAfter = fullLo - minLo;
  const wantBefore = minHi - fullHi;
  rLo = minLo;
  rHi = minHi;
  rPref = minLo + Math.floor(((minHi - minLo) * wantAfter) / (wantAfter + wantBefore));
  rTight = true;
  return true;
}

interface DayFrame {
  index: ActivityIndex;
  /** Grid alignment: (minute + shift) % GRID === 0 is a local 5-minute mark. */
  gridShift: number;
}

/** The start in [lo, hi] nearest to t, on the local 5-minute grid when one is as near as the plain minute allows. */
function snap(lo: number, hi: number, t: number, gridShift: number): number {
  const x = t < lo ? lo : t > hi ? hi : t;
  const below = x - ((((x + gridShift) % GRID) + GRID) % GRID);
  const above = below === x ? x : below + GRID;
  const belowOk = below >= lo;
  const aboveOk = above <= hi;
  if (belowOk && aboveOk) return Math.abs(below - t) <= Math.abs(above - t) ? below : above;
  if (belowOk) return below;
  if (aboveOk) return above;
  return x;
}

/**
 * Piece j's candidate for a break wanted at t, within [low, highEnd]: the longest pool duration the piece holds with
 * full buffers (nearest start to t), else the shortest duration at the tight start.
 */
function evaluatePiece(frame: DayFrame, j: number, t: number, low: number, highEnd: number): boolean {
  const { durationsDesc, shortest } = frame.index;
  for (const d of durationsDesc) {
    if (!slotRange(j, d)) continue;
    if (rTight && d !== shortest) continue;
    const lo = Math.max(rLo, low);
    const hi = Math.min(rHi, highEnd - d);
    if (lo > hi) continue;
    cP = rTight ? Math.min(Math.max(rPref, lo), hi) : snap(lo, hi, t, frame.gridShift);
    cD = d;
    cTight = rTight;
    return true;
  }
  return false;
}

let bestPiece = -1;
let bestP = 0;
let bestD = 0;
let bestTight = false;
let bestCost = 0;
let bestDist = 0;

function consider(j: number, t: number): void {
  const dist = Math.abs(cP - t);
  const cost = (dist > FLEX ? 2 : 0) + (cTight ? 1 : 0);
  if (
    bestPiece < 0 ||
    cost < bestCost ||
    (cost === bestCost && (dist < bestDist || (dist === bestDist && (cD > bestD || (cD === bestD && cP < bestP)))))
  ) {
    bestPiece = j;
    bestP = cP;
    bestD = cD;
    bestTight = cTight;
    bestCost = cost;
    bestDist = dist;
  }
}

/**
 * The slot for a break whose ideal time is t: within the flex window, the nearest start with full buffers, else the
 * nearest tight one; only when the window has neither, the nearest slot anywhere between `low` and `highEnd`.
 */
function search(frame: DayFrame, t: number, low: number, highEnd: number): boolean {
  bestPiece = -1;
  let j = 0;
  let lo = 0;
  let hi = pieceCount;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pHi[mid]! < t - FLEX) lo = mid + 1;
    else hi = mid;
  }
  for (j = lo; j < pieceCount && pLo[j]! <= t + FLEX; j += 1) {
    if (evaluatePiece(frame, j, t, low, highEnd)) consider(j, t);
  }
  if (bestPiece >= 0 && bestCost < 2) return true;
  for (j = 0; j < pieceCount; j += 1) {
    if (evaluatePiece(frame, j, t, low, highEnd)) consider(j, t);
  }
  return bestPiece >= 0;
}

interface KeptBreak {
  start: number;
  end: number;
  activityId: string;
  day: number;
}

/** Merged meeting runs of the current call, earliest first (scratch, like the pieces). */
let runCount = 0;
const runStart: number[] = [];
const runEnd: number[] = [];

/** Busy intervals → runs of meetings, merged across overlaps and across gaps too small to hold any break. */
function meetingRuns(input: PlacementInput, mergeBelow: number): void {
  const busy = input.busy;
  let sorted = true;
  for (let i = 1; i < busy.length; i += 1) {
    if (busy[i]!.start < busy[i - 1]!.start) {
      sorted = false;
      break;
    }
  }
  const ordered = sorted ? busy : [...busy].sort((x, y) => x.start - y.start);
  runCount = 0;
  for (let i = 0; i < ordered.length; i += 1) {
    const interval = ordered[i]!;
    const start = Math.floor(interval.start / MS);
    const end = Math.ceil(interval.end / MS);
    if (!(end > start)) continue;
    if (runCount > 0 && start - runEnd[runCount - 1]! < mergeBelow) {
      if (end > runEnd[runCount - 1]!) runEnd[runCount - 1] = end;
    } else {
      runStart[runCount] = start;
      runEnd[runCount] = end;
      runCount += 1;
    }
  }
}

const NO_KEPT: KeptBreak[] = [];

function keptBreaks(input: PlacementInput, clock: ZoneClock): KeptBreak[] {
  if (input.existing.length === 0) return NO_KEPT;
  const kept: KeptBreak[] = [];
  for (const session of input.existing) {
    if (session.status === 'scheduled' && !session.pinned && session.start >= input.now) continue;
    const start = Math.floor(session.start / MS);
    kept.push({
      start,
      end: Math.max(start + 1, Math.ceil((session.start + Math.max(0, session.duration) * MS) / MS)),
      activityId: session.activityId,
      day: clock.localDay(start),
    });
  }
  kept.sort((x, y) => x.start - y.start || x.end - y.end);
  return kept;
}

/** Cuts [a, we] into pieces free of meeting runs and of kept breaks (with the spacing around them). */
function buildPieces(kept: readonly KeptBreak[], a: number, we: number, shortest: number): void {
  pieceCount = 0;
  const n = runCount;
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (runEnd[mid]! <= a) lo = mid + 1;
    else hi = mid;
  }
  let i = lo;
  let pe = i > 0 ? runEnd[i - 1]! : -Infinity;
  let run = i > 0 ? runEnd[i - 1]! - runStart[i - 1]! : 0;
  let k = 0;
  for (;;) {
    const ns = i < n ? runStart[i]! : Infinity;
    const gapLo = Math.max(a, pe);
    const gapHi = Math.min(we, ns);
    if (gapHi - gapLo >= shortest) {
      let cursor = gapLo;
      let first = true;
      while (k < kept.length && kept[k]!.end + SPACING <= gapLo) k += 1;
      for (let m = k; m < kept.length && kept[m]!.start - SPACING < gapHi; m += 1) {
        const keepOut = kept[m]!.start - SPACING;
        if (keepOut - cursor >= shortest) pushPiece(cursor, Math.min(gapHi, keepOut), pe, ns, first ? run : 0);
        first = false;
        cursor = Math.max(cursor, kept[m]!.end + SPACING);
      }
      if (gapHi - cursor >= shortest) pushPiece(cursor, gapHi, pe, ns, first ? run : 0);
    }
    if (i >= n || ns >= we) break;
    pe = runEnd[i]!;
    run = runEnd[i]! - runStart[i]!;
    i += 1;
  }
}

function pushPiece(lo: number, hi: number, pe: number, ns: number, run: number): void {
  pLo[pieceCount] = lo;
  pHi[pieceCount] = hi;
  pPe[pieceCount] = pe;
  pNs[pieceCount] = ns;
  pRun[pieceCount] = run;
  pieceCount += 1;
}

/**
 * Latest starts of `wanted` breaks of the shortest duration packed towards the end of the day, latest first.
 * Its length is how many breaks the day holds at most (up to `wanted`); late[k-1] bounds a break that still has k
 * breaks to place after it.
 */
function latestPacking(wanted: number, shortest: number): number[] {
  const late: number[] = [];
  let next = Infinity;
  for (let j = pieceCount - 1; j >= 0 && late.length < wanted; j -= 1) {
    if (!slotRange(j, shortest)) continue;
    for (let cur = Math.min(rHi, next - shortest - SPACING); cur >= rLo && late.length < wanted; cur -= shortest + SPACING) {
      late.push(cur);
      next = cur;
    }
  }
  return late;
}

function shortfall(date: string, asked: number, placed: number, reason: string): DayShortfall {
  return { date, asked, placed, reason };
}

/** Local 'HH:MM' of an instant; `fixedOffset` when the whole work day has one UTC offset (no DST change in it). */
function hhmm(clock: ZoneClock, fixedOffset: number | undefined, minute: number): string {
  return formatClock(fixedOffset === undefined ? clock.localMinuteOfDay(minute) : minute + fixedOffset);
}

/** True when some piece can hold the shortest activity within the flex window around t. */
function hasRoomNear(t: number, shortest: number): boolean {
  for (let j = 0; j < pieceCount; j += 1) {
    if (pLo[j]! > t + FLEX) return false;
    if (pHi[j]! < t - FLEX || !slotRange(j, shortest)) continue;
    if (rLo <= t + FLEX && rHi >= t - FLEX) return true;
  }
  return false;
}

interface Wanted {
  time: number;
  /** Piece index of an after-run break, else -1. */
  piece: number;
  run: number;
}

/**
 * Places breaks for the 6 days (the horizon) starting today in the user's zone, around their meetings: see README.md
 * for every rule. Pure: the same input always gives the same output.
 */
export function placeBreaks(input: PlacementInput): PlacementResult {
  const clock = zoneClock(input.timeZone);
  const index = indexActivities(input.activities);
  const asked = Number.isFinite(input.breaksPerDay) ? Math.max(0, Math.floor(input.breaksPerDay)) : 0;
  const workDays = input.workDays.length > 0 ? input.workDays : DEFAULT_WORK_DAYS;
  const startOfWork = parseClock(input.workStart);
  const endOfWork = parseClock(input.workEnd);
  const nowMinute = input.now / MS;
  const earliest = Math.ceil(nowMinute + LEAD);
  const today = clock.localDay(Math.floor(nowMinute));
  const shortest = index.shortest;
  meetingRuns(input, shortest + 2 * MIN_BUFFER);
  const kept = keptBreaks(input, clock);

  const breaks: PlacedBreak[] = [];
  const shortfalls: DayShortfall[] = [];
  let lastPlacedStart = -Infinity;
  let lastPlacedEnd = -Infinity;
  let lastPlacedId: string | undefined;
  let keptPointer = 0;
  let keptDayPointer = 0;
  const typeCounts: number[] = new Array<number>(index.groups.length).fill(0);

  for (let offset = 0; offset < input.horizonDays; offset += 1) {
    const day = today + offset;
    if (!workDays.includes(isoWeekday(day))) continue;
    const date = formatDate(day);

    // Kept sessions of this local day count toward it.
    while (keptDayPointer < kept.length && kept[keptDayPointer]!.day < day) keptDayPointer += 1;
    let keptToday = 0;
    typeCounts.fill(0);
    for (let m = keptDayPointer; m < kept.length && kept[m]!.day === day; m += 1) {
      keptToday += 1;
      const g = index.groupOf.get(kept[m]!.activityId);
      if (g !== undefined) typeCounts[g]! += 1;
    }
    const remaining = asked - keptToday;
    if (remaining <= 0) continue;

    if (startOfWork === undefined || endOfWork === undefined || endOfWork <= startOfWork) {
      shortfalls.push(shortfall(date, asked, keptToday, `Work hours ${input.workStart}–${input.workEnd} are not a valid range.`));
      continue;
    }
    if (index.groups.length === 0) {
      shortfalls.push(shortfall(date, asked, keptToday, 'No break activities fit your library and equipment settings.'));
      continue;
    }
    const ws = clock.toEpochMinute(day, startOfWork);
    const we = clock.toEpochMinute(day, endOfWork);
    const wsOffset = clock.offsetAt(ws);
    const sameOffset = wsOffset === clock.offsetAt(we);
    const fixedOffset = sameOffset ? wsOffset : undefined;
    const a = Math.max(ws, earliest);
    if (a + shortest > we) {
      shortfalls.push(shortfall(date, asked, keptToday, `Your work hours today (${input.workStart}–${input.workEnd}) are over.`));
      continue;
    }

    buildPieces(kept, a, we, shortest);
    const late = latestPacking(remaining, shortest);
    const target = late.length;
    const from = a > ws ? hhmm(clock, fixedOffset, a) : input.workStart;
    if (target === 0) {
      shortfalls.push(
        shortfall(
          date,
          asked,
          keptToday,
          `Meetings leave no gap of ${shortest + 2 * MIN_BUFFER} minutes or more between ${from} and ${input.workEnd}.`,
        ),
      );
      continue;
    }

    // Ideal times, evenly spaced across what is left of the work day.
    const frame: DayFrame = { index, gridShift: ((wsOffset % GRID) + GRID) % GRID };
    const span = we - a;
    const ideals: number[] = [];
    for (let i = 0; i < target; i += 1) {
      const t = a + ((i + 0.5) * span) / target;
      ideals.push(Math.round((t + frame.gridShift) / GRID) * GRID - frame.gridShift);
    }

    // Breaks owed to long runs of back-to-back meetings, at the first free moment after each run.
    const anchors: Wanted[] = [];
    for (let j = 0; j < pieceCount; j += 1) {
      if (pRun[j]! < RUN) continue;
      for (const d of index.durationsDesc) {
        if (!slotRange(j, d) || (rTight && d !== shortest)) continue;
        if (rPref - pPe[j]! <= RUN_WITHIN) anchors.push({ time: rPref, piece: j, run: pRun[j]! });
        break;
      }
    }
    if (anchors.length > target) {
      anchors.sort((x, y) => y.run - x.run || x.time - y.time);
      anchors.length = target;
      anchors.sort((x, y) => x.time - y.time);
    }
    // Each after-run break takes the place of one ideal time: the nearest one that has no free time in its flex
    // window (it would drift anyway), else the nearest one.
    const consumed: boolean[] = new Array<boolean>(target).fill(false);
    const stranded: boolean[] = ideals.map((t) => !hasRoomNear(t, shortest));
    for (const anchor of anchors) {
      let nearest = -1;
      for (let i = 0; i < target; i += 1) {
        if (consumed[i]) continue;
        if (
          nearest < 0 ||
          (stranded[i] && !stranded[nearest]) ||
          (stranded[i] === stranded[nearest] && Math.abs(ideals[i]! - anchor.time) < Math.abs(ideals[nearest]! - anchor.time))
        ) {
          nearest = i;
        }
      }
      consumed[nearest] = true;
    }
    const wanted: Wanted[] = [...anchors];
    for (let i = 0; i < target; i += 1) if (!consumed[i]) wanted.push({ time: ideals[i]!, piece: -1, run: 0 });
    wanted.sort((x, y) => x.time - y.time || y.piece - x.piece);

    const random = dayRandom(input.seed, day);
    let prevEndToday = -Infinity;
    let placedToday = 0;
    for (let i = 0; i < target; i += 1) {
      const item = wanted[i]!;
      const after = target - 1 - i;
      const low = prevEndToday + SPACING;
      const highEnd = after > 0 ? late[after - 1]! - SPACING : Infinity;
      let found = false;
      let anchored = false;
      if (item.piece >= 0) {
        for (const d of index.durationsDesc) {
          if (!slotRange(item.piece, d) || (rTight && d !== shortest)) continue;
          const start = Math.max(rPref, low);
          if (start <= rHi && start + d <= highEnd) {
            bestPiece = item.piece;
            bestP = start;
            bestD = d;
            bestTight = rTight;
            found = true;
            anchored = true;
            break;
          }
        }
      }
      if (!found) {
        const nextItem = wanted[i + 1];
        if (nextItem && nextItem.piece >= 0) {
          // Keep the next after-run break's slot free; when nothing fits before it, it goes first instead.
          found = search(frame, item.time, low, Math.min(highEnd, nextItem.time - SPACING));
          if (!found && item.piece < 0) {
            wanted[i] = nextItem;
            wanted[i + 1] = item;
            i -= 1;
            continue;
          }
        }
        found = found || search(frame, item.time, low, highEnd);
      }
      if (!found) break; // unreachable: latestPacking guarantees a slot for every break counted in `target`
      const start = bestP;
      const piece = bestPiece;
      const slotDuration = bestD;
      const tight = bestTight;

      // What the moment calls for.
      while (keptPointer < kept.length && kept[keptPointer]!.start < start) keptPointer += 1;
      const keptBefore = keptPointer > 0 ? kept[keptPointer - 1] : undefined;
      const previousKept = keptBefore && keptBefore.start > lastPlacedStart ? keptBefore : undefined;
      const previousId = previousKept ? previousKept.activityId : lastPlacedId;
      const lastBreakEnd = Math.max(lastPlacedEnd, keptBefore ? keptBefore.end : -Infinity);
      const sitting = start - Math.max(ws, lastBreakEnd);
      const runBefore = pRun[piece]! > 0 && start - pPe[piece]! <= RUN_WITHIN ? pRun[piece]! : 0;
      const context: BreakContext = runBefore >= LONG_MEETING ? 'eye-rest' : sitting >= LONG_SITTING ? 'movement' : 'any';
      const activity = chooseActivity(
        index,
        { maxDuration: slotDuration, context, previousId, nextId: kept[keptPointer]?.activityId, typeCounts },
        random,
      );
      if (!activity) break; // unreachable: the shortest duration always has an activity
      const g = index.groupOf.get(activity.id)!;
      typeCounts[g]! += 1;

      let reason: string;
      const near = Math.abs(start - item.time) <= FLEX;
      if (anchored || (pRun[piece]! >= RUN && start - pPe[piece]! <= RUN_WITHIN)) {
        reason =
          start - pPe[piece]! <= AFTER + BEFORE + GRID
            ? `First free moment after ${formatSpan(pRun[piece]!)} of back-to-back meetings.`
            : `In the first gap after ${formatSpan(pRun[piece]!)} of back-to-back meetings.`;
      } else if (start === item.time && item.piece < 0) {
        reason = `Right on its ideal time, ${hhmm(clock, fixedOffset, item.time)}: your breaks are spread evenly across the work day.`;
      } else if (near && item.piece < 0) {
        reason = `Nearest free slot to ${hhmm(clock, fixedOffset, item.time)}, its evenly spaced ideal time.`;
      } else if (!near && !hasRoomNear(item.time, shortest)) {
        reason = `Meetings fill the ${FLEX} minutes around ${hhmm(clock, fixedOffset, item.time)}, its ideal time; this is the nearest free slot.`;
      } else {
        reason = `Moved from ${hhmm(clock, fixedOffset, item.time)} so that the day's other breaks still fit between meetings.`;
      }
      if (tight) {
        reason += ` The gap is tight, so a ${activity.duration}-minute activity with shorter buffers.`;
      } else if (slotDuration < index.longest) {
        reason += ` A ${activity.duration}-minute activity fits this short gap.`;
      }
      if (context === 'eye-rest' && index.groups[g]!.eyeRest) {
        reason += ` Eye rest after ${formatSpan(runBefore)} of meetings.`;
      } else if (context === 'movement' && index.groups[g]!.movement) {
        reason += ` Time to move: ${formatSpan(sitting)} without a break.`;
      }

      breaks.push({ start: start * MS, duration: activity.duration, activityId: activity.id, reason });
      lastPlacedStart = start;
      lastPlacedEnd = start + activity.duration;
      lastPlacedId = activity.id;
      prevEndToday = start + activity.duration;
      placedToday += 1;
    }

    if (placedToday < remaining) {
      const more = keptToday > 0 || a > ws ? ' more' : '';
      shortfalls.push(
        shortfall(
          date,
          asked,
          keptToday + placedToday,
          `Meetings leave room for only ${placedToday}${more} ${placedToday === 1 ? 'break' : 'breaks'} between ${from} and ${input.workEnd}, with breaks at least ${SPACING} minutes apart.`,
        ),
      );
    }
  }
  return { engineVersion: ENGINE_VERSION, breaks, shortfalls };
}
