import { sql } from 'kysely';
import type { Db } from '../client.js';
import type { PushSubscriptionRow } from '../schema.js';

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
  return db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}

export async function markPushDelivered(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('push_subscriptions').set({ last_success_at: at }).where('id', '=', id).execute();
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

export async function findBreakToRemind(db: Db, breakId: string): Promise<BreakToRemind | undefined> {
  return selectBreaksToRemind(db).where('b.id', '=', breakId).executeTakeFirst();
}

/**
 * Breaks still to take starting in [from, to), not yet announced for their current time, of users with reminders on
 * and at least one device: what the sweep may queue a reminder for.
 */
export async function listBreaksToRemind(db: Db, from: Date, to: Date): Promise<BreakToRemind[]> {
  return selectBreaksToRemind(db)
    .where('b.scheduled_time', '>=', from)
    .where('b.scheduled_time', '<', to)
    .where('b.completed_at', 'is', null)
    .where('b.skipped', '=', false)
    .where(sql<boolean>`b.reminded_for is distinct from b.scheduled_time`)
    .where('p.notifications_enabled', '=', true)
    .where((eb) => eb.exists(eb.selectFrom('push_subscriptions as s').select('s.id').whereRef('s.user_id', '=', 'b.user_id')))
    .orderBy('b.scheduled_time')
    .execute();
}

/**
 * Claims the reminder of a break still to take at `startsAt`: true for exactly one caller, however many jobs race for
 * it; false once it was announced, or when the break moved, was taken, skipped or removed.
 */
export async function claimBreakReminder(db: Db, breakId: string, startsAt: Date): Promise<boolean> {
  const result = await db
    .updateTable('break_sessions')
    .set({ reminded_for: startsAt })
    .where('id', '=', breakId)
    .where('scheduled_time', '=', startsAt)
    .where('completed_at', 'is', null)
    .where('skipped', '=', false)
    .where(sql<boolean>`reminded_for is distinct from scheduled_time`)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
