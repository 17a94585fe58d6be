import { sql } from 'kysely';
import type { Db } from '../client.js';
import type { BreakSessionRow, PreferencesRow } from '../schema.js';
import type { NewBreak } from './breaks.js';
import type { NewSchedulingRun } from './runs.js';

/**
 * The planner's reads and writes in as few round trips as it can: a refresh holds the user's row lock for its whole
 * transaction, so every round trip saved is lock time saved for the next refresh of the same user.
 */

/**
 * Locks the user's row and reads their preferences in one round trip; undefined when the user does not exist. Every
 * change to the user's plan holds this lock, a planning run and a change by hand alike, so they apply one after another.
 */
export async function lockUserForPlanning(db: Db, userId: string): Promise<{ preferences: PreferencesRow | null } | undefined> {
  const result = await sql<PreferencesRow & { locked_id: string }>`
    select u.id as locked_id, p.*
    from users u left join preferences p on p.user_id = u.id
    where u.id = ${userId}
    for update of u`.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  const { locked_id: _locked, ...preferences } = row;
  return { preferences: preferences.user_id ? preferences : null };
}

/**
 * Runs `change` in a transaction that first takes the user's row lock (`lockUserForPlanning`); undefined when the user
 * does not exist. A write to the user's breaks outside it would lock the break, then the user's row (the plan version's
 * trigger, migration 0016), while a planning run holds the row and waits for the break: taking the row first keeps
 * one order for everyone.
 */
export function underUserLock<T>(
  db: Db,
  userId: string,
  change: (trx: Db, locked: { preferences: PreferencesRow | null }) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockUserForPlanning(trx, userId);
    return locked ? change(trx, locked) : undefined;
  });
}

/**
 * Stores the run record, replaces the still-scheduled breaks of [from, to) (completed and skipped ones are never
 * touched, nor pinned ones unless `replacedPins` names them) and inserts the plan's breaks, as one statement. Returns
 * the run's id and the new breaks in plan order.
 */
export async function storePlan(
  db: Db,
  run: NewSchedulingRun,
  from: Date,
  to: Date,
  breaks: readonly NewBreak[],
  replacedPins: readonly string[] = [],
): Promise<{ runId: string; created: BreakSessionRow[] }> {
  const result = await sql<
    { run_id: string; position: string | null } & { [K in keyof BreakSessionRow]: BreakSessionRow[K] | null }
  >`
    with run as (
      insert into scheduling_runs (user_id, trigger, engine_version, seed, input, output, duration_ms)
      values (${run.userId}, ${run.trigger}, ${run.engineVersion}, ${run.seed}, ${JSON.stringify(run.input)}::jsonb,
        ${JSON.stringify(run.output)}::jsonb, ${run.durationMs})
      returning id
    ), removed as (
      delete from break_sessions
      where user_id = ${run.userId} and scheduled_time >= ${from} and scheduled_time < ${to}
        and completed_at is null and skipped = false
        and (not pinned or id = any(${replacedPins}::uuid[]))
    ), planned as (
      select * from unnest(
        ${breaks.map((b) => b.activityId)}::text[],
        ${breaks.map((b) => b.scheduledTime.toISOString())}::timestamptz[],
        ${breaks.map((b) => b.duration)}::integer[],
        ${breaks.map((b) => b.placementReason)}::text[]
      ) with ordinality as b(activity_id, scheduled_time, duration, placement_reason, position)
    ), inserted as (
      insert into break_sessions (user_id, activity_id, scheduled_time, duration, placement_reason, scheduling_run_id)
      select ${run.userId}, planned.activity_id, planned.scheduled_time, planned.duration, planned.placement_reason, run.id
      from run cross join planned
      order by planned.position
      returning *
    )
    select run.id as run_id, inserted.*, planned.position
    from run
      left join inserted on true
      left join planned on planned.activity_id = inserted.activity_id and planned.scheduled_time = inserted.scheduled_time
    order by planned.position`.execute(db);
  const runId = result.rows[0]!.run_id;
  const created = result.rows
    .filter((row) => row.id !== null)
    .map(({ run_id: _run, position: _position, ...row }) => row as BreakSessionRow);
  return { runId, created };
}
