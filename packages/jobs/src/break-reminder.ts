import {
  breakReminderTag,
  breakSessionPath,
  REMINDER_LOOKAHEAD_MS,
  type BreakReminderPayload,
  type PushPayload,
} from '@breaker/api-contract';
import {
  batchedPer,
  claimBreakReminders,
  findBreaksToRemind,
  listBreaksToRemind,
  listPushSubscriptionsOf,
  type BreakToRemind,
  type Db,
  type PushSubscriptionRow,
} from '@breaker/db';
import { reminderTime } from '@breaker/scheduler';
import type { JobDeps } from './job-deps.js';
import { pushTarget, pushToDevices, type DeliveryCount, type PushJobDeps } from './push/push-delivery.js';

export type BreakReminderResult = DeliveryCount | { skipped: string };

/** A reminder job may start this much before its time (timers and clocks are not exact) and still send. */
const EARLY_TOLERANCE_MS = 1_000;
/** Breaks last minutes: one that started this long ago has surely ended. */
const LONGEST_BREAK_MS = 2 * 60 * 60_000;
/** The most a lead time moves a reminder before its break (REMINDER_LEAD_OPTIONS). */
const LONGEST_LEAD_MS = 5 * 60_000;
/** Reminder jobs checked and claimed together at most: one statement's worth of rows. */
const REMINDER_BATCH = 500;

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

/** Time formats by zone: making one costs far more than using it, and a burst of reminders shares a few zones. */
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function timeFormat(zone: string): Intl.DateTimeFormat {
  let format = timeFormats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' });
    } catch {
      format = timeFormat('UTC');
    }
    if (timeFormats.size >= 1000) timeFormats.clear();
    timeFormats.set(zone, format);
  }
  return format;
}

function formatTime(instant: Date, timeZone: string | null): string {
  return timeFormat(timeZone ?? 'UTC').format(instant);
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

interface ReminderRequest {
  payload: BreakReminderPayload;
  now: number;
}

/** What a reminder job is to do: skip (and why), or announce the break on the devices its owner has now. */
type ReminderDecision = { skipped: string } | { found: BreakToRemind; devices: PushSubscriptionRow[] };

/**
 * Reads, checks and claims a batch of reminder jobs in three statements however many jobs it holds: the breaks, the
 * claim of those still to announce, and their owners' devices. Two jobs announcing the same break in one batch are one
 * announcement: the first is answered the claim, the other "already announced".
 */
async function decideReminders(db: Db, requests: readonly ReminderRequest[]): Promise<ReminderDecision[]> {
  const ids = [...new Set(requests.map(({ payload }) => payload.breakId))];
  const breaks = new Map((await findBreaksToRemind(db, ids)).map((found) => [found.breakId, found]));
  const reasons = requests.map(({ payload, now }) => reasonToSkip(breaks.get(payload.breakId), payload, now));
  const toClaim = new Map<string, BreakToRemind>();
  requests.forEach(({ payload }, i) => {
    if (reasons[i] === undefined) toClaim.set(payload.breakId, breaks.get(payload.breakId)!);
  });
  const claimed = await claimBreakReminders(
    db,
    [...toClaim.values()].map((found) => ({ breakId: found.breakId, startsAt: found.scheduledTime })),
  );
  const owners = [...new Set([...toClaim.values()].filter((found) => claimed.has(found.breakId)).map((b) => b.userId))];
  const devices = new Map<string, PushSubscriptionRow[]>();
  for (const row of await listPushSubscriptionsOf(db, owners))
    devices.set(row.user_id, [...(devices.get(row.user_id) ?? []), row]);
  const answered = new Set<string>();
  return requests.map(({ payload }, i) => {
    const reason = reasons[i];
    if (reason !== undefined) return { skipped: reason };
    const found = breaks.get(payload.breakId)!;
    if (!claimed.has(found.breakId) || answered.has(found.breakId)) return { skipped: 'already announced' };
    answered.add(found.breakId);
    return { found, devices: devices.get(found.userId) ?? [] };
  });
}

/** Reminder jobs running at the same moment on one database are checked and claimed in batches (see batched.ts). */
const decideReminder = batchedPer(
  (db: Db) => (requests: readonly ReminderRequest[]) => decideReminders(db, requests),
  REMINDER_BATCH,
);

/**
 * Announces a break on each of its owner's devices, once: the break is read again now, so one moved, taken, skipped or
 * removed since the job was queued is not announced, and the claim makes exactly one job send it.
 */
export async function runBreakReminder(deps: PushJobDeps, payload: BreakReminderPayload): Promise<BreakReminderResult> {
  const decision = await decideReminder(deps.db)({ payload, now: deps.now().getTime() });
  if ('skipped' in decision) return decision;
  const { found, devices } = decision;
  const count = await pushToDevices(deps, devices, reminderPayload(found), endOf(found));
  deps.log.info({ userId: found.userId, breakId: found.breakId, ...count }, 'break reminder sent');
  return count;
}

/** What the sweep found: the reminder jobs to queue, and the breaks they announce (to prepare their pushes). */
export interface DueReminders {
  jobs: BreakReminderPayload[];
  breaks: BreakToRemind[];
}

/**
 * The reminders falling due before the sweep after next, as jobs to run at their time; a repeated sweep asks for the
 * same jobs again, which join the ones already queued. A reminder whose time passed while nothing ran (a restart)
 * still goes while its break lasts.
 */
export async function dueReminders(deps: JobDeps): Promise<DueReminders> {
  const now = deps.now().getTime();
  const horizon = now + REMINDER_LOOKAHEAD_MS;
  const candidates = await listBreaksToRemind(deps.db, new Date(now - LONGEST_BREAK_MS), new Date(horizon + LONGEST_LEAD_MS));
  const due = candidates.flatMap((found) => {
    const at = dueAt(found);
    if (at === undefined || at > horizon || endOf(found) <= now) return [];
    return [{ found, job: { breakId: found.breakId, startsAt: found.scheduledTime.getTime(), remindAt: at } }];
  });
  return { jobs: due.map(({ job }) => job), breaks: due.map(({ found }) => found) };
}

/** Breaks whose devices are read at once while their pushes are prepared. */
const PREPARE_BATCH = 500;

/**
 * Encrypts the pushes of reminders falling due soon, while their jobs wait, so that the moment thousands fall due
 * costs their sending only (docs/decisions/008-break-reminders.md). Nothing is decided here: each job still reads and
 * claims its break at its time, and a push prepared for a break that changed is never sent.
 */
export async function prepareReminderPushes(deps: PushJobDeps, breaks: readonly BreakToRemind[]): Promise<void> {
  for (let from = 0; from < breaks.length; from += PREPARE_BATCH) {
    const slice = breaks.slice(from, from + PREPARE_BATCH);
    const devices = await listPushSubscriptionsOf(deps.db, [...new Set(slice.map((found) => found.userId))]);
    const byUser = new Map<string, PushSubscriptionRow[]>();
    for (const row of devices) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
    for (const found of slice) {
      const payload = reminderPayload(found);
      for (const row of byUser.get(found.userId) ?? []) await deps.push.sender.prepare(pushTarget(deps, row), payload);
    }
  }
}
