import { sql } from 'kysely';
import type { Db } from '../client.js';
import type { BreakActivityRow, BreakSessionRow } from '../schema.js';

export type BreakWithActivity = BreakSessionRow & {
  activity: Pick<BreakActivityRow, 'id' | 'name' | 'type' | 'instructions' | 'duration' | 'difficulty' | 'equipment'>;
};

function selectBreaksWithActivity(db: Db) {
  return db
    .selectFrom('break_sessions')
    .innerJoin('break_activities as a', 'a.id', 'break_sessions.activity_id')
    .selectAll('break_sessions')
    .select([
      'a.name as a_name',
      'a.type as a_type',
      'a.instructions as a_instructions',
      'a.duration as a_duration',
      'a.difficulty as a_difficulty',
      'a.equipment as a_equipment',
    ]);
}

type JoinedRow = BreakSessionRow & {
  a_name: string;
  a_type: string;
  a_instructions: string[];
  a_duration: number;
  a_difficulty: BreakActivityRow['difficulty'];
  a_equipment: string;
};

function toBreakWithActivity(row: JoinedRow): BreakWithActivity {
  const { a_name, a_type, a_instructions, a_duration, a_difficulty, a_equipment, ...session } = row;
  return {
    ...session,
    activity: {
      id: session.activity_id,
      name: a_name,
      type: a_type,
      instructions: a_instructions,
      duration: a_duration,
      difficulty: a_difficulty,
      equipment: a_equipment,
    },
  };
}

/** Breaks from `from` on (inclusive), earliest first. */
export async function listBreaksFrom(db: Db, userId: string, from: Date): Promise<BreakWithActivity[]> {
  const rows = await selectBreaksWithActivity(db)
    .where('break_sessions.user_id', '=', userId)
    .where('break_sessions.scheduled_time', '>=', from)
    .orderBy('break_sessions.scheduled_time')
    .execute();
  return rows.map(toBreakWithActivity);
}

export type UpcomingBreakRow = Pick<
  BreakSessionRow,
  'id' | 'scheduled_time' | 'duration' | 'completed_at' | 'skipped' | 'activity_id' | 'placement_reason' | 'pinned'
>;

/**
 * Breaks from the start of the user's today (midnight in their saved zone; UTC without one or for one the database rejects) on, earliest first: one
 * round trip that finds the zone and the breaks together, reading only what the upcoming-breaks view shows.
 */
export function listBreaksFromStartOfToday(db: Db, userId: string, now: Date): Promise<UpcomingBreakRow[]> {
  const zone = sql<string>`usable_time_zone(p.timezone)`;
  return db
    .selectFrom('break_sessions as b')
    .leftJoin('preferences as p', 'p.user_id', 'b.user_id')
    .select([
      'b.id',
      'b.scheduled_time',
      'b.duration',
      'b.completed_at',
      'b.skipped',
      'b.activity_id',
      'b.placement_reason',
      'b.pinned',
    ])
    .where('b.user_id', '=', userId)
    .where('b.scheduled_time', '>=', sql<Date>`date_trunc('day', ${now}::timestamptz at time zone ${zone}) at time zone ${zone}`)
    .orderBy('b.scheduled_time')
    .execute();
}

export async function findBreak(db: Db, userId: string, id: string): Promise<BreakWithActivity | undefined> {
  const row = await selectBreaksWithActivity(db)
    .where('break_sessions.user_id', '=', userId)
    .where('break_sessions.id', '=', id)
    .executeTakeFirst();
  return row ? toBreakWithActivity(row) : undefined;
}

export async function updateBreakOutcome(
  db: Db,
  userId: string,
  id: string,
  outcome: { completedAt: Date } | { skipped: true },
): Promise<boolean> {
  const result = await db
    .updateTable('break_sessions')
    .set('completedAt' in outcome ? { completed_at: outcome.completedAt } : { skipped: true })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteBreak(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('break_sessions').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Every break of the user overlapping [from, to), any status: the planner's view of what already exists. */
export function listBreaksBetween(db: Db, userId: string, from: Date, to: Date): Promise<BreakSessionRow[]> {
  return db
    .selectFrom('break_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('scheduled_time', '>=', from)
    .where('scheduled_time', '<', to)
    .orderBy('scheduled_time')
    .execute();
}

export interface NewBreak {
  activityId: string;
  scheduledTime: Date;
  duration: number;
  placementReason: string;
}

/**
 * Re-planning: future breaks still scheduled (neither completed nor skipped) are replaced by the plan;
 * completed, skipped and pinned ones are never touched.
 */
export async function replaceScheduledBreaks(
  db: Db,
  userId: string,
  from: Date,
  to: Date,
  breaks: readonly NewBreak[],
  schedulingRunId: string,
): Promise<BreakSessionRow[]> {
  await db
    .deleteFrom('break_sessions')
    .where('user_id', '=', userId)
    .where('scheduled_time', '>=', from)
    .where('scheduled_time', '<', to)
    .where('completed_at', 'is', null)
    .where('skipped', '=', false)
    .where('pinned', '=', false)
    .execute();
  if (breaks.length === 0) return [];
  return db
    .insertInto('break_sessions')
    .values(
      breaks.map((b) => ({
        user_id: userId,
        activity_id: b.activityId,
        scheduled_time: b.scheduledTime,
        duration: b.duration,
        placement_reason: b.placementReason,
        scheduling_run_id: schedulingRunId,
      })),
    )
    .returningAll()
    .execute();
}

/** Breaks still to come and still to take, with their activity names: what a calendar should show. */
export async function listScheduledBreaksBetween(db: Db, userId: string, from: Date, to: Date): Promise<BreakWithActivity[]> {
  const rows = await selectBreaksWithActivity(db)
    .where('break_sessions.user_id', '=', userId)
    .where('break_sessions.scheduled_time', '>=', from)
    .where('break_sessions.scheduled_time', '<', to)
    .where('break_sessions.completed_at', 'is', null)
    .where('break_sessions.skipped', '=', false)
    .orderBy('break_sessions.scheduled_time')
    .execute();
  return rows.map(toBreakWithActivity);
}
