import { DateTime, IANAZone } from 'luxon';
import { DEFAULT_WORK_DAYS } from './rules.js';

export interface ReminderSettings {
  /** Minutes before the break's start. */
  leadMinutes: number;
  timeZone: string | null;
  /** 'HH:MM' */
  workStart: string;
  workEnd: string;
  /** ISO weekdays, Monday 1. */
  workDays: readonly number[];
}

function minuteOfDay(hhmm: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** Work days' hours as instants, by zone, day and hours: the breaks of a burst of reminders share a handful. */
const workHours = new Map<string, { workStart: number; workEnd: number }>();
const WORK_HOURS_KEPT = 1_000;

/**
 * The instants the work hours of `local`'s day start and end. Finding a zone's midnight and adding to it asks Intl for
 * the zone's offset several times over, the larger part of a reminder's check, so each day's answer is kept (it is
 * the same whenever asked: zone rules do not change while the process runs).
 */
function workHoursOf(local: DateTime, from: number, to: number): { workStart: number; workEnd: number } {
  const key = `${local.zoneName ?? ''} ${local.toISODate() ?? ''} ${from} ${to}`;
  let hours = workHours.get(key);
  if (!hours) {
    const day = local.startOf('day');
    hours = { workStart: day.plus({ minutes: from }).toMillis(), workEnd: day.plus({ minutes: to }).toMillis() };
    if (workHours.size >= WORK_HOURS_KEPT) workHours.clear();
    workHours.set(key, hours);
  }
  return hours;
}

/**
 * When a break starting at `start` (epoch ms) is announced: `leadMinutes` before it, but never outside the work hours
 * of its work day, so a break at the start of the day is announced at that start. Undefined for a break that does not
 * start within work hours of a work day (one placed by hand before the hours changed, say): it is not announced.
 */
export function reminderTime(start: number, settings: ReminderSettings): number | undefined {
  // Luxon keeps one IANAZone per name, its validity checked once: thousands of reminders at once cost no Intl probe each.
  const named = settings.timeZone ? IANAZone.create(settings.timeZone) : undefined;
  const local = DateTime.fromMillis(start, { zone: named?.isValid ? named : 'UTC' });
  const workDays = settings.workDays.length > 0 ? settings.workDays : DEFAULT_WORK_DAYS;
  const from = minuteOfDay(settings.workStart);
  const to = minuteOfDay(settings.workEnd);
  if (from === undefined || to === undefined || !workDays.includes(local.weekday)) return undefined;
  const { workStart, workEnd } = workHoursOf(local, from, to);
  if (start < workStart || start >= workEnd) return undefined;
  return Math.max(start - settings.leadMinutes * 60_000, workStart);
}
