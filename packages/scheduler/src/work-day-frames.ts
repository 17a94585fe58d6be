import { startOfLocalDay, usableZone } from './local-day.js';
import { DEFAULT_WORK_DAYS } from './rules.js';
import type { PlacementInput } from './types.js';

/*
 * Each work day of the horizon with its work hours, per luxon: what slot proposals and the job's pin policy judge a
 * time against. The placement engine computes the same frames with its own zone arithmetic (zone-clock.ts); the tests
 * hold the two to the same answers through verifyPlacement.
 */

export interface WorkDayFrame {
  /** Local date 'YYYY-MM-DD'. */
  date: string;
  /** Work start and end, epoch milliseconds. */
  workStart: number;
  workEnd: number;
}

export function zoneOf(input: PlacementInput): string {
  return usableZone(input.timeZone).name;
}

function clockParts(hhmm: string): { hour: number; minute: number } | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!match) return undefined;
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

/** The work days of the horizon with their work hours, per luxon. */
export function workDayFrames(input: PlacementInput): WorkDayFrame[] {
  const zone = zoneOf(input);
  const start = clockParts(input.workStart);
  const end = clockParts(input.workEnd);
  const workDays = input.workDays.length > 0 ? input.workDays : DEFAULT_WORK_DAYS;
  const today = startOfLocalDay(zone, input.now);
  const frames: WorkDayFrame[] = [];
  for (let offset = 0; offset < input.horizonDays; offset += 1) {
    const day = today.plus({ days: offset });
    if (!workDays.includes(day.weekday)) continue;
    const at = (t: { hour: number; minute: number }): number =>
      t.hour === 24 ? day.plus({ days: 1 }).toMillis() : day.set({ hour: t.hour, minute: t.minute }).toMillis();
    frames.push({
      date: day.toISODate() ?? '',
      workStart: start ? at(start) : NaN,
      workEnd: end ? at(end) : NaN,
    });
  }
  return frames;
}
