import {
  breakReminderTag,
  breakSessionPath,
  REMINDER_LOOKAHEAD_MS,
  type BreakReminderPayload,
  type PushPayload,
} from '@breaker/api-contract';
import { claimBreakReminder, findBreakToRemind, listBreaksToRemind, type BreakToRemind } from '@breaker/db';
import { reminderTime } from '@breaker/scheduler';
import type { JobDeps } from './job-deps.js';
import { pushToUser, type DeliveryCount, type PushJobDeps } from './push/push-delivery.js';

export type BreakReminderResult = DeliveryCount | { skipped: string };

/** A reminder job may start this much before its time (timers and clocks are not exact) and still send. */
const EARLY_TOLERANCE_MS = 1_000;
/** Breaks last minutes: one that started this long ago has surely ended. */
const LONGEST_BREAK_MS = 2 * 60 * 60_000;
/** The most a lead time moves a reminder before its break (REMINDER_LEAD_OPTIONS). */
const LONGEST_LEAD_MS = 5 * 60_000;

function dueAt(found: BreakToRemind): number | undefined {
  return reminderTime(found.scheduledTime.getTime(), {
    leadMinutes: found.reminderLeadMinutes,
    timeZone: found.timezone,
    workStart: found.workStartTime,
    workEnd: found.workEndTime,
    workDays: found.workDays,
  });
}

const endOf = (found: BreakToRemind) => found.scheduledTime.getTime() + found.duration * 60_000;

function formatTime(instant: Date, timeZone: string | null): string {
  const zone = timeZone ?? 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(instant);
  } catch {
    return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(instant);
  }
}

/** What the notification says: like the web app's in-page reminder; no secret, only the break's own id. */
export function reminderPayload(found: BreakToRemind): PushPayload {
  return {
    kind: 'break-reminder',
    title: `Time for a break: ${found.activityName}`,
    body: `${formatTime(found.scheduledTime, found.timezone)} · ${found.duration} min`,
    tag: breakReminderTag(found.breakId),
    url: breakSessionPath(found.breakId),
    breakId: found.breakId,
  };
}

/** Why the break, as it stands now, is not to be announced by this job; undefined when it is. */
function reasonToSkip(found: BreakToRemind | undefined, payload: BreakReminderPayload, now: number): string | undefined {
  if (!found) return 'the break was removed';
  if (found.scheduledTime.getTime() !== payload.startsAt) return 'the break moved';
  if (found.completed || found.skipped) return 'the break was taken or skipped';
  if (!found.notificationsEnabled) return 'reminders are off';
  const due = dueAt(found);
  if (due === undefined) return 'the break is outside work hours';
  if (now < due - EARLY_TOLERANCE_MS) return 'not due yet';
  if (now >= endOf(found)) return 'the break is over';
  return undefined;
}

/**
 * Announces a break on each of its owner's devices, once: the break is read again now, so one moved, taken, skipped or
 * removed since the job was queued is not announced, and the claim makes exactly one job send it.
 */
export async function runBreakReminder(deps: PushJobDeps, payload: BreakReminderPayload): Promise<BreakReminderResult> {
  const found = await findBreakToRemind(deps.db, payload.breakId);
  const skipped = reasonToSkip(found, payload, deps.now().getTime());
  if (skipped || !found) return { skipped: skipped ?? 'the break was removed' };
  if (!(await claimBreakReminder(deps.db, found.breakId, found.scheduledTime))) return { skipped: 'already announced' };
  const count = await pushToUser(deps, found.userId, reminderPayload(found), endOf(found));
  deps.log.info({ userId: found.userId, breakId: found.breakId, ...count }, 'break reminder sent');
  return count;
}

/**
 * The reminders falling due before the sweep after next, as jobs to run at their time; a repeated sweep asks for the
 * same jobs again, which join the ones already queued. A reminder whose time passed while nothing ran (a restart)
 * still goes while its break lasts.
 */
export async function dueReminders(deps: JobDeps): Promise<BreakReminderPayload[]> {
  const now = deps.now().getTime();
  const horizon = now + REMINDER_LOOKAHEAD_MS;
  const candidates = await listBreaksToRemind(deps.db, new Date(now - LONGEST_BREAK_MS), new Date(horizon + LONGEST_LEAD_MS));
  return candidates.flatMap((found) => {
    const due = dueAt(found);
    if (due === undefined || due > horizon || endOf(found) <= now) return [];
    return [{ breakId: found.breakId, startsAt: found.scheduledTime.getTime(), remindAt: due }];
  });
}
