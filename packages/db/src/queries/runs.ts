import type { Db } from '../client.js';
import type { SchedulingRunRow } from '../schema.js';
import { pageOfRows, readInPages, SWEEP_PAGE, type SweepPage } from './sweep-pages.js';

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

/**
 * Users who have plans but none made since `before`: their rolling plan is due. Each user costs one look at their
 * latest run (an index probe), however many runs they have, and users are read a page at a time.
 */
export function listUsersPlannedBefore(db: Db, before: Date): Promise<string[]> {
  return readInPages((after: string | undefined) => usersPlannedBeforePage(db, before, after));
}

/** One page of users by id, after `after`: those whose latest run is older than `before`, and where to go on. */
async function usersPlannedBeforePage(db: Db, before: Date, after: string | undefined): Promise<SweepPage<string, string>> {
  const rows = await db
    .selectFrom((eb) => {
      const users = eb.selectFrom('users').select('id').orderBy('id').limit(SWEEP_PAGE);
      return (after === undefined ? users : users.where('id', '>', after)).as('u');
    })
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('scheduling_runs as r')
          .select('r.created_at')
          .whereRef('r.user_id', '=', 'u.id')
          .orderBy('r.created_at', 'desc')
          .limit(1)
          .as('latest'),
      (join) => join.onTrue(),
    )
    .select(['u.id', 'latest.created_at'])
    .orderBy('u.id')
    .execute();
  const scanned = pageOfRows(rows);
  return {
    found: scanned.found.filter((row) => row.created_at !== null && row.created_at < before).map((row) => row.id),
    next: scanned.next?.id,
  };
}
