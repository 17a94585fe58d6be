import type { BusyInterval, ExistingBreak } from './types.js';
import type { WorkDayFrame } from './work-day-frames.js';

const MS = 60_000;

/**
 * Whether a break the user pinned stays where it is in this plan (`now` in epoch ms; `workDays` the plan's frames,
 * workDayFrames). The pin holds the time the user chose under the calendar and work hours of that moment, so it goes
 * (and the break is planned again) when those no longer allow it.
 */
export function keepsPin(
  session: Pick<ExistingBreak, 'start' | 'duration' | 'status' | 'pinned'>,
  busy: readonly BusyInterval[],
  workDays: readonly WorkDayFrame[],
  now: number,
): boolean {
  if (session.pinned !== true) return false;
  const start = session.start;
  const end = start + session.duration * MS;
  // Only a break still ahead and still to take can be planned again; any other one stays as it is, pin included.
  if (session.status !== 'scheduled' || start < now) return true;
  // A break in the middle of a meeting cannot be taken, so re-planning it into a free gap serves the user better.
  if (busy.some((meeting) => meeting.start < end && meeting.end > start)) return false;
  // Work hours or work days changed since it was pinned: a break at 08:30 when work now starts at 10:00, or on a day
  // that is no longer a work day, is one the user would not want, so it moves into the new hours like the others.
  return workDays.some((day) => start >= day.workStart && end <= day.workEnd);
}
