import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../client.js';
import type { BreakSessionRow, PreferencesRow } from '../schema.js';
import type { NewBreak } from './breaks.js';
import type { NewSchedulingRun } from './runs.js';

/**
 * The planner's reads and writes in as few round trips as it can. A planning run drafts its plan holding no lock and
 * stores it in one statement that takes the user's row lock (docs/decisions/019-plans-drafted-unlocked.md); a change by
 * hand holds the lock for its whole transaction.
 */

/**
 * The preferences planning reads. The plan version watches each of them (migrations 0016, 0017 and 0024), so a plan
 * drafted from them is stored only while they hold: a column planning starts to read goes into both.
 */
const PLANNING_PREFERENCES = {
  timezone: true,
  work_start_time: true,
  work_end_time: true,
  work_days: true,
  break_frequency: true,
  break_types: true,
  selected_activities: true,
  equipment: true,
  blocking_statuses: true,
} satisfies Partial<Record<keyof PreferencesRow, true>>;

export type PlanningPreferences = Pick<PreferencesRow, keyof typeof PLANNING_PREFERENCES>;
export const PLANNING_PREFERENCE_COLUMNS = Object.keys(PLANNING_PREFERENCES) as (keyof PlanningPreferences)[];

/** The user as a planning run reads them: their preferences, and the version of everything else it reads. */
export interface UserForPlanning {
  preferences: PreferencesRow | null;
  /** Moves with every change to what the user's plan is made from or shows (migrations 0016, 0017, 0020 and 0024). */
  planVersion: string;
}

/** The user's preferences and plan version, read without a lock; undefined when the user does not exist. */
export function readUserForPlanning(db: Db, userId: string): Promise<UserForPlanning | undefined> {
  return userForPlanning(db, userId, sql``);
}

/**
 * Locks the user's row and reads their preferences in one round trip; undefined when the user does not exist. Every
 * change to the user's plan holds this lock, a planning run and a change by hand alike, so they apply one after another.
 */
export function lockUserForPlanning(db: Db, userId: string): Promise<UserForPlanning | undefined> {
  return userForPlanning(db, userId, sql`for update of u`);
}

async function userForPlanning(db: Db, userId: string, lock: RawBuilder<unknown>): Promise<UserForPlanning | undefined> {
  const result = await sql<PreferencesRow & { found_id: string; found_plan_version: string | number }>`
    select u.id as found_id, u.plan_version as found_plan_version, p.*
    from users u left join preferences p on p.user_id = u.id
    where u.id = ${userId}
    ${lock}`.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  const { found_id: _found, found_plan_version: planVersion, ...preferences } = row;
  return { preferences: preferences.user_id ? preferences : null, planVersion: String(planVersion) };
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
  change: (trx: Db, locked: UserForPlanning) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockUserForPlanning(trx, userId);
    return locked ? change(trx, locked) : undefined;
  });
}

/** What a stored plan answers: the run's id and the new breaks in plan order. */
export interface StoredPlan {
  runId: string;
  created: BreakSessionRow[];
}

/**
 * A plan to store: the run's record, the window [from, to) whose still-scheduled breaks it replaces, its breaks, and
 * the pinned breaks it replaces too.
 */
export type PlanToStore = [
  run: NewSchedulingRun,
  from: Date,
  to: Date,
  breaks: readonly NewBreak[],
  replacedPins?: readonly string[],
];

/**
 * Stores the run record, replaces the still-scheduled breaks of [from, to) (completed and skipped ones are never
 * touched, nor pinned ones unless `replacedPins` names them) and inserts the plan's breaks, as one statement. The
 * caller holds the user's row lock.
 */
export async function storePlan(db: Db, ...plan: PlanToStore): Promise<StoredPlan> {
  const [run] = plan;
  return (await storePlanBehind(db, sql`select id from users where id = ${run.userId}`, ...plan))!;
}

/**
 * Stores a plan drafted without the user's lock as `storePlan` does, in one statement that takes the lock, if the
 * user's plan version is still `planVersion`: nothing the plan was made from has changed since it was read. Undefined,
 * storing nothing, when it has (or the user is gone). A write holding the lock meanwhile is waited for, and the version
 * it leaves is the one compared.
 */
export function storeDraftedPlan(db: Db, planVersion: string, ...plan: PlanToStore): Promise<StoredPlan | undefined> {
  const [run] = plan;
  const guard = sql`select id from users where id = ${run.userId} and plan_version = ${planVersion} for update`;
  return storePlanBehind(db, guard, ...plan);
}

/** The one statement of `storePlan`, writing nothing unless `guard` answers the user's row. */
async function storePlanBehind(
  db: Db,
  guard: RawBuilder<unknown>,
  ...[run, from, to, breaks, replacedPins = []]: PlanToStore
): Promise<StoredPlan | undefined> {
  const result = await sql<
    { run_id: string; position: string | null } & { [K in keyof BreakSessionRow]: BreakSessionRow[K] | null }
  >`
    with guard as (${guard}), run as (
      insert into scheduling_runs (user_id, trigger, engine_version, seed, input, output, duration_ms)
      select guard.id, ${run.trigger}, ${run.engineVersion}, ${run.seed}::integer, ${JSON.stringify(run.input)}::jsonb,
        ${JSON.stringify(run.output)}::jsonb, ${run.durationMs}::double precision
      from guard
      returning id
    ), removed as (
      delete from break_sessions
      where user_id = ${run.userId} and scheduled_time >= ${from} and scheduled_time < ${to}
        and completed_at is null and skipped = false
        and (not pinned or id = any(${replacedPins}::uuid[]))
        and exists (select from guard)
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
  if (result.rows.length === 0) return undefined;
  const runId = result.rows[0]!.run_id;
  const created = result.rows
    .filter((row) => row.id !== null)
    .map(({ run_id: _run, position: _position, ...row }) => row as BreakSessionRow);
  return { runId, created };
}
