import type { Db } from '../client.js';
import type { SchedulingRunRow } from '../schema.js';

export interface NewSchedulingRun {
  userId: string;
  trigger: string;
  engineVersion: string;
  seed: number;
  input: unknown;
  output: unknown;
  durationMs: number;
}

export async function insertSchedulingRun(db: Db, run: NewSchedulingRun): Promise<string> {
  const row = await db
    .insertInto('scheduling_runs')
    .values({
      user_id: run.userId,
      trigger: run.trigger,
      engine_version: run.engineVersion,
      seed: run.seed,
      input: JSON.stringify(run.input),
      output: JSON.stringify(run.output),
      duration_ms: run.durationMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findSchedulingRun(db: Db, id: string): Promise<SchedulingRunRow | undefined> {
  return db.selectFrom('scheduling_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listSchedulingRuns(db: Db, userId: string, limit: number): Promise<SchedulingRunRow[]> {
  return db
    .selectFrom('scheduling_runs')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Users who have plans but none made since `before`: their rolling plan is due. */
export async function listUsersPlannedBefore(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('scheduling_runs')
    .select('user_id')
    .groupBy('user_id')
    .having((eb) => eb.fn.max('created_at'), '<', before)
    .execute();
  return rows.map((row) => row.user_id);
}
