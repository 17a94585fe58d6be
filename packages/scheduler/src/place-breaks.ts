import { chooseActivity, indexActivities } from './activity-choice.js';
import { callMinutes, contextFor, firstCallAfter, longestFitting } from './choose-activities.js';
import { chooseTimes, newChosenTimes, RECOVERY, type DayTimes } from './choose-times.js';
import { formatClock, formatDate, isoWeekday, parseClock } from './civil.js';
import {
  frameAllowedStarts,
  frameDeadlines,
  frameMeetings,
  framePieces,
  frameRecovery,
  keptBreaks,
  newWorkspace,
  startRange,
} from './day-frame.js';
import { explainBreak } from './explain.js';
import { dayRandom } from './random.js';
import { DEFAULT_WORK_DAYS, ENGINE_VERSION, RULES } from './rules.js';
import type { DayShortfall, PlacedBreak, PlacementInput, PlacementResult } from './types.js';
import { zoneClock, type ZoneClock } from './zone-clock.js';

export { ENGINE_VERSION };

const MS = 60_000;

function shortfall(date: string, asked: number, placed: number, reason: string): DayShortfall {
  return { date, asked, placed, reason };
}

/** Local 'HH:MM' of an instant. */
function hhmm(clock: ZoneClock, minute: number): string {
  return formatClock(clock.localMinuteOfDay(minute));
}

/**
 * Places breaks for the 6 days (the horizon) starting today in the user's zone, around their meetings: see README.md
 * for every rule. Pure: the same input always gives the same output. Per day, four phases: frame the day
 * (day-frame.ts), choose the times (choose-times.ts), choose the activities (choose-activities.ts), explain
 * (explain.ts).
 */
export function placeBreaks(input: PlacementInput): PlacementResult {
  const clock = zoneClock(input.timeZone);
  const index = indexActivities(input.activities);
  const asked = Number.isFinite(input.breaksPerDay) ? Math.max(0, Math.floor(input.breaksPerDay)) : 0;
  const workDays = input.workDays.length > 0 ? input.workDays : DEFAULT_WORK_DAYS;
  const startOfWork = parseClock(input.workStart);
  const endOfWork = parseClock(input.workEnd);
  const nowMinute = input.now / MS;
  const earliest = Math.ceil(nowMinute + RULES.leadTimeMinutes);
  const today = clock.localDay(Math.floor(nowMinute));
  const shortest = index.shortest;
  const ws = newWorkspace();
  frameMeetings(input, ws, shortest + 2 * RULES.minimumBufferMinutes);
  const kept = keptBreaks(input, (minute) => clock.localDay(minute));
  const times = newChosenTimes();
  const range = ws.range;

  const breaks: PlacedBreak[] = [];
  const shortfalls: DayShortfall[] = [];
  let lastEnd = -Infinity;
  let lastStart = -Infinity;
  let lastId: string | undefined;
  let keptPointer = 0;
  let keptDay = 0;
  let callPointer = 0;
  const typeCounts: number[] = new Array<number>(index.groups.length).fill(0);

  for (let offset = 0; offset < input.horizonDays; offset += 1) {
    const day = today + offset;
    if (!workDays.includes(isoWeekday(day))) continue;
    const date = formatDate(day);

    // Phase 1: frame the day. Kept sessions of this local day count toward it.
    while (keptDay < kept.length && kept[keptDay]!.day < day) keptDay += 1;
    let keptTo = keptDay;
    typeCounts.fill(0);
    while (keptTo < kept.length && kept[keptTo]!.day === day) {
      const g = index.groupOf.get(kept[keptTo]!.activityId);
      if (g !== undefined) typeCounts[g]! += 1;
      keptTo += 1;
    }
    const keptToday = keptTo - keptDay;
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
    const workStart = clock.toEpochMinute(day, startOfWork);
    const workEnd = clock.toEpochMinute(day, endOfWork);
    const origin = Math.max(workStart, earliest);
    if (origin + shortest > workEnd) {
      shortfalls.push(shortfall(date, asked, keptToday, `Your work hours today (${input.workStart}–${input.workEnd}) are over.`));
      continue;
    }
    framePieces(ws, kept, origin, workEnd, shortest);
    frameAllowedStarts(ws, shortest);
    frameRecovery(ws, origin, workEnd);
    const target = frameDeadlines(ws, remaining, shortest);
    const from = origin > workStart ? hhmm(clock, origin) : input.workStart;
    if (target === 0) {
      const gap = shortest + 2 * RULES.minimumBufferMinutes;
      shortfalls.push(
        shortfall(
          date,
          asked,
          keptToday,
          `Meetings leave no gap of ${gap} minutes or more between ${from} and ${input.workEnd}.`,
        ),
      );
      continue;
    }

    // Phase 2: choose the times.
    let morningKept = false;
    const noon = clock.toEpochMinute(day, RULES.noonMinuteOfDay);
    for (let m = keptDay; m < keptTo; m += 1) morningKept = morningKept || kept[m]!.start < noon;
    const dayTimes: DayTimes = {
      origin,
      workEnd,
      noon: morningKept ? -Infinity : noon,
      target,
      shortest,
      kept,
      keptFrom: keptDay,
      keptTo,
    };
    chooseTimes(ws, dayTimes, times);

    // Phases 3 and 4: choose the activities, explain.
    const random = dayRandom(input.seed, day);
    for (let i = 0; i < target; i += 1) {
      const start = times.start[i]!;
      const piece = ws.aPiece[times.allowed[i]!]!;
      const nextStart = i + 1 < target ? times.start[i + 1]! : Infinity;
      const duration = longestFitting(ws, index, piece, start, nextStart);
      startRange(ws, piece, duration, range);

      while (keptPointer < kept.length && kept[keptPointer]!.start < start) keptPointer += 1;
      const keptBefore = keptPointer > 0 ? kept[keptPointer - 1] : undefined;
      const previousId = keptBefore && keptBefore.start > lastStart ? keptBefore.activityId : lastId;
      const breakEnd = Math.max(lastEnd, keptBefore ? keptBefore.end : -Infinity);
      const since = Math.max(workStart, breakEnd);
      callPointer = firstCallAfter(ws, callPointer, since);
      const calls = callMinutes(ws, callPointer, since, start);
      const run = times.rule[i] === RECOVERY ? times.run[i]! : -1;
      const runLength = run >= 0 ? ws.backEnd[run]! - ws.backStart[run]! : 0;
      const context = contextFor(calls, runLength, start - since);
      const activity = chooseActivity(
        index,
        { maxDuration: duration, context, previousId, nextId: kept[keptPointer]?.activityId, typeCounts },
        random,
      );
      if (!activity) break; // unreachable: the shortest duration always has an activity
      const g = index.groupOf.get(activity.id)!;
      typeCounts[g]! += 1;
      const group = index.groups[g]!;
      const reason = explainBreak({
        rule: times.rule[i]!,
        run: runLength,
        runAllCalls: run >= 0 && ws.backCalls[run]! >= runLength,
        stretch: times.stretch,
        breaksToday: keptToday + target,
        context,
        contextMet: context === 'movement' ? group.movement : context !== 'any' && group.eyeRest,
        calls,
        sitting: start - since,
        tight: range.tight,
        shortGap: !range.tight && duration < index.longest ? activity.duration : 0,
      });
      breaks.push({ start: start * MS, duration: activity.duration, activityId: activity.id, reason });
      lastStart = start;
      lastEnd = start + activity.duration;
      lastId = activity.id;
    }

    if (target < remaining) {
      const more = keptToday > 0 || origin > workStart ? ' more' : '';
      shortfalls.push(
        shortfall(
          date,
          asked,
          keptToday + target,
          `Meetings leave room for only ${target}${more} ${target === 1 ? 'break' : 'breaks'} between ${from} and ${input.workEnd}, with breaks at least ${RULES.minimumSpacingMinutes} minutes apart.`,
        ),
      );
    }
  }
  return { engineVersion: ENGINE_VERSION, breaks, shortfalls };
}
