import { sql } from 'kysely';
import type { Db } from '../client.js';
import type { PushSubscriptionRow } from '../schema.js';
import { pageOfRows, readInPages, SWEEP_PAGE } from './sweep-pages.js';

/** A user keeps this many devices at most; subscribing one more lets go of the longest silent one. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 20;

export interface NewPushSubscription {
  userId: string;
  endpoint: string;
  p256dh: string;
  authEncrypted: string;
  expirationTime: Date | null;
  label: string;
}

/**
 * Stores a browser's subscription. The endpoint is the device: subscribing it again updates it, and one subscribed by
 * another user moves to them (the browser now belongs to whoever signed in last).
 */
export async function savePushSubscription(db: Db, subscription: NewPushSubscription): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('push_subscriptions')
      .values({
        user_id: subscription.userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.p256dh,
        auth_encrypted: subscription.authEncrypted,
        expiration_time: subscription.expirationTime,
        label: subscription.label,
      })
      .onConflict((conflict) =>
        conflict.column('endpoint').doUpdateSet((eb) => ({
          user_id: eb.ref('excluded.user_id'),
          p256dh: eb.ref('excluded.p256dh'),
          auth_encrypted: eb.ref('excluded.auth_encrypted'),
          expiration_time: eb.ref('excluded.expiration_time'),
          label: eb.ref('excluded.label'),
          updated_at: sql<Date>`now()`,
        })),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const beyond = await trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', subscription.userId)
      .orderBy(sql`coalesce(last_success_at, updated_at)`, 'desc')
      .offset(MAX_PUSH_SUBSCRIPTIONS_PER_USER)
      .limit(1000)
      .execute();
    if (beyond.length > 0) {
      await trx
        .deleteFrom('push_subscriptions')
        .where(
          'id',
          'in',
          beyond.map((row) => row.id),
        )
        .execute();
    }
    return id;
  });
}

export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** One of the user's devices by its id: another user's id matches nothing. */
export async function deletePushSubscriptionById(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A push service said the subscription is gone (404, 410). */
export async function forgetPushSubscription(db: Db, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export function listPushSubscriptions(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return listPushSubscriptionsOf(db, [userId]);
}

/** The devices of several users at once (a batch of reminders), oldest first. */
export async function listPushSubscriptionsOf(db: Db, userIds: readonly string[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db.selectFrom('push_subscriptions').selectAll().where('user_id', 'in', userIds).orderBy('created_at').execute();
}

/** Devices that took a push at `at`: one statement for a batch of deliveries. */
export async function markPushDelivered(db: Db, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('push_subscriptions').set({ last_success_at: at }).where('id', 'in', ids).execute();
}

/** A break as its reminder needs it: its state and time, and its owner's reminder settings. */
export interface BreakToRemind {
  breakId: string;
  userId: string;
  activityName: string;
  scheduledTime: Date;
  duration: number;
  completed: boolean;
  skipped: boolean;
  remindedFor: Date | null;
  notificationsEnabled: boolean;
  reminderLeadMinutes: number;
  timezone: string | null;
  workStartTime: string;
  workEndTime: string;
  workDays: number[];
}

function selectBreaksToRemind(db: Db) {
  return db
    .selectFrom('break_sessions as b')
    .innerJoin('preferences as p', 'p.user_id', 'b.user_id')
    .innerJoin('break_activities as a', 'a.id', 'b.activity_id')
    .select([
      'b.id as breakId',
      'b.user_id as userId',
      'a.name as activityName',
      'b.scheduled_time as scheduledTime',
      'b.duration as duration',
      sql<boolean>`b.completed_at is not null`.as('completed'),
      'b.skipped as skipped',
      'b.reminded_for as remindedFor',
      'p.notifications_enabled as notificationsEnabled',
      'p.reminder_lead_minutes as reminderLeadMinutes',
      'p.timezone as timezone',
      'p.work_start_time as workStartTime',
      'p.work_end_time as workEndTime',
      'p.work_days as workDays',
    ]);
}

/** The breaks as their reminders need them, read at once for a batch of reminder jobs; a removed break is absent. */
export async function findBreaksToRemind(db: Db, breakIds: readonly string[]): Promise<BreakToRemind[]> {
  if (breakIds.length === 0) return [];
  return selectBreaksToRemind(db).where('b.id', 'in', breakIds).execute();
}

/**
 * Breaks still to take starting in [from, to), not yet announced for their current time, of users with reminders on
 * and at least one device: what the sweep may queue a reminder for. Read in pages by start time (and id), each its
 * own statement: a break moved meanwhile may be seen twice or missed, which its reminder job and the next sweep settle
 * (the job reads the break again; the sweep looks two periods ahead).
 */
export function listBreaksToRemind(db: Db, from: Date, to: Date): Promise<BreakToRemind[]> {
  return readInPages(async (after: BreakToRemind | undefined) => pageOfRows(await breaksToRemindPage(db, from, to, after)));
}

/** One page of `listBreaksToRemind`: the first, or those after the last one's (start time, id). */
function breaksToRemindPage(db: Db, from: Date, to: Date, after: BreakToRemind | undefined): Promise<BreakToRemind[]> {
  let query = selectBreaksToRemind(db)
    .where('b.scheduled_time', '>=', from)
    .where('b.scheduled_time', '<', to)
    .where('b.completed_at', 'is', null)
    .where('b.skipped', '=', false)
    .where(sql<boolean>`b.reminded_for is distinct from b.scheduled_time`)
    .where('p.notifications_enabled', '=', true)
    .where((eb) => eb.exists(eb.selectFrom('push_subscriptions as s').select('s.id').whereRef('s.user_id', '=', 'b.user_id')));
  if (after) {
    query = query.where((eb) => eb(eb.refTuple('b.scheduled_time', 'b.id'), '>', eb.tuple(after.scheduledTime, after.breakId)));
  }
  return query.orderBy('b.scheduled_time').orderBy('b.id').limit(SWEEP_PAGE).execute();
}

/** A break's reminder to claim: the break, and the start time it is announced for. */
export interface ReminderClaim {
  breakId: string;
  startsAt: Date;
}

/**
 * Claims the reminders of breaks still to take at their `startsAt`, in one statement for a batch: each break is
 * answered (by id) to exactly one caller, however many jobs race for it; not once it was announced, or when the break
 * moved, was taken, skipped or removed. A break must appear once in a batch.
 */
export async function claimBreakReminders(db: Db, claims: readonly ReminderClaim[]): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const wanted = sql.join(claims.map((claim) => sql`(${claim.breakId}::uuid, ${claim.startsAt}::timestamptz)`));
  const claimed = await sql<{ id: string }>`
    update break_sessions as b set reminded_for = w.starts_at
    from (values ${wanted}) as w(id, starts_at)
    where b.id = w.id and b.scheduled_time = w.starts_at
      and b.completed_at is null and not b.skipped and b.reminded_for is distinct from b.scheduled_time
    returning b.id`.execute(db);
  return new Set(claimed.rows.map((row) => row.id));
}
