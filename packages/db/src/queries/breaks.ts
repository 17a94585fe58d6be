import type { BreakSession } from '@breaker/api-contract';
import { sql, type RawBuilder } from 'kysely';
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

/**
 * A break as every answer gives it, bar its activity: the contract's `breakSession`, built by `breakFields` alone.
 * PostgreSQL writes the times as `Date#toISOString` does, so the API neither parses nor formats a date for a break.
 */
export type BreakFields = Omit<BreakSession, 'activity'>;

const isoText = (value: string | RawBuilder<Date>) =>
  sql`to_char(${typeof value === 'string' ? sql.ref(value) : value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The one mapping of a stored break (table alias `b`) to the wire. */
const breakFields = sql<BreakFields>`json_build_object(
  'id', b.id,
  'scheduledTime', ${isoText('b.scheduled_time')},
  'duration', b.duration,
  'completedAt', ${isoText('b.completed_at')},
  'skipped', b.skipped,
  'activityId', b.activity_id,
  'placementReason', b.placement_reason,
  'pinned', b.pinned
)`;

/**
 * Midnight starting the user's today: in their saved zone, in UTC without one or for one the database rejects. The
 * database's twin of the scheduler's `startOfLocalDay`.
 */
function startOfUsersToday(userId: RawBuilder<string>, now: Date, days: 0 | 1 = 0): RawBuilder<Date> {
  const zone = sql`usable_time_zone((select p.timezone from preferences p where p.user_id = ${userId}))`;
  const day = sql`date_trunc('day', ${now}::timestamptz at time zone ${zone})`;
  return sql<Date>`${days === 0 ? day : sql`(${day} + interval '1 day')`} at time zone ${zone}`;
}

/**
 * The instant the user's today starts, as text: with the plan version it is what the user's upcoming breaks and calendar
 * events depend on (their ETag, apps/api/src/routes/plan-tags.ts), since both answers begin from that day.
 */
export function usersTodayStartOf(userId: RawBuilder<string>, now: Date): RawBuilder<string> {
  return sql<string>`${isoText(startOfUsersToday(userId, now))}`;
}

/** The instant the user's next day starts, as text: what was read of their today is known stale from then on. */
export function usersNextDayStartOf(userId: RawBuilder<string>, now: Date): RawBuilder<string> {
  return sql<string>`${isoText(startOfUsersToday(userId, now, 1))}`;
}

/**
 * The user's breaks from the start of their today on (so today's done and missed ones still show), earliest first, as
 * one JSON array: a subquery, so the session read can carry it too (sessions.ts).
 */
export function upcomingBreaksOf(userId: RawBuilder<string>, now: Date): RawBuilder<BreakFields[]> {
  return sql<BreakFields[]>`(
    select coalesce(json_agg(${breakFields} order by b.scheduled_time), '[]'::json)
    from break_sessions b
    where b.user_id = ${userId} and b.scheduled_time >= ${startOfUsersToday(userId, now)}
  )`;
}

export async function listUpcomingBreakFields(db: Db, userId: string, now: Date): Promise<BreakFields[]> {
  const { rows } = await sql<{ breaks: BreakFields[] }>`select ${upcomingBreaksOf(sql.val(userId), now)} as breaks`.execute(db);
  return rows[0]?.breaks ?? [];
}

/** One break of the user as the answers give it, or nothing. */
export async function findBreakFields(db: Db, userId: string, id: string): Promise<BreakFields | undefined> {
  const { rows } = await sql<{ fields: BreakFields }>`
    select ${breakFields} as fields from break_sessions b where b.user_id = ${userId} and b.id = ${id}`.execute(db);
  return rows[0]?.fields;
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
  const replaced = await db
    .deleteFrom('break_sessions')
    .where('user_id', '=', userId)
    .where('scheduled_time', '>=', from)
    .where('scheduled_time', '<', to)
    .where('completed_at', 'is', null)
    .where('skipped', '=', false)
    .where('pinned', '=', false)
    .returning(['scheduled_time', 'reminded_for'])
    .execute();
  if (breaks.length === 0) return [];
  // A break planned again at the same time was already announced if its predecessor was: it is not announced twice.
  const announced = new Map(
    replaced.flatMap((row) => (row.reminded_for ? [[row.scheduled_time.getTime(), row.reminded_for] as const] : [])),
  );
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
        reminded_for: announced.get(b.scheduledTime.getTime()) ?? null,
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
