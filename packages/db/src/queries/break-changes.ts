import type { Db } from '../client.js';
import type { Updateable } from 'kysely';
import type { BreakSessionRow, BreakSessionsTable } from '../schema.js';

/*
 * Changes the user makes to one break by hand. Each write names the user and touches only a break still to take
 * (neither completed nor skipped), so a break finished or removed meanwhile reports false instead of changing. Each
 * one pins the break: the user chose it, so re-planning keeps it and plans the others around it.
 */

async function pinBreakChange(db: Db, userId: string, id: string, change: Updateable<BreakSessionsTable>): Promise<boolean> {
  const result = await db
    .updateTable('break_sessions')
    .set({ ...change, pinned: true })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .where('skipped', '=', false)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function moveScheduledBreak(
  db: Db,
  userId: string,
  id: string,
  scheduledTime: Date,
  reason: string,
): Promise<boolean> {
  return pinBreakChange(db, userId, id, { scheduled_time: scheduledTime, placement_reason: reason });
}

export async function swapBreakActivity(
  db: Db,
  userId: string,
  id: string,
  activity: { id: string; duration: number },
): Promise<boolean> {
  return pinBreakChange(db, userId, id, { activity_id: activity.id, duration: activity.duration });
}

export function insertBreak(
  db: Db,
  userId: string,
  added: { activityId: string; scheduledTime: Date; duration: number; placementReason: string },
): Promise<BreakSessionRow> {
  return db
    .insertInto('break_sessions')
    .values({
      user_id: userId,
      activity_id: added.activityId,
      scheduled_time: added.scheduledTime,
      duration: added.duration,
      placement_reason: added.placementReason,
      pinned: true,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
