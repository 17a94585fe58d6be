import { type Kysely, sql } from 'kysely';

/*
 * A per-user plan version: a number that moves, in the same transaction, with every change to what the user's
 * upcoming breaks and calendar events answer (docs/decisions/013-plan-version.md). Those answers' ETags derive from it,
 * so a conditional read is answered from the session's row without reading or hashing the answer.
 *
 * Triggers, not the queries, move it: every writer (planning runs, changes by hand, calendar syncs, feed imports,
 * cascades from a deleted connection) is covered, including ones written later. They fire once per statement over
 * its transition tables, so a sync that writes 5,000 events moves the version once, not 5,000 times. An update moves
 * it only when a column the answers show changed: a reminder marking a break as announced does not invalidate it.
 */

/** The tables whose rows the answers show, their key, and the columns that reach the answers. */
export const WATCHED = [
  {
    table: 'break_sessions',
    key: 'id',
    columns: ['scheduled_time', 'duration', 'completed_at', 'skipped', 'activity_id', 'placement_reason', 'pinned'],
  },
  { table: 'calendar_events', key: 'id', columns: ['title', 'start_time', 'end_time', 'is_all_day', 'blocks_time'] },
  // The zone sets where the user's today starts, which both answers begin from.
  { table: 'preferences', key: 'user_id', columns: ['timezone'] },
] as const;

const columnsOf = (alias: string, columns: readonly string[]) => columns.map((column) => `${alias}.${column}`).join(', ');

/**
 * The function an update of `table` runs: it moves the version of users whose rows changed in one of `columns`.
 * Replaced, not only created, so a later migration widens what a table's updates watch (0017: meeting statuses).
 */
export function changesFunction(table: string, key: string, columns: readonly string[]) {
  return sql`
      create or replace function ${sql.raw(`bump_plan_version_of_${table}_changes`)}() returns trigger language plpgsql as ${sql.lit(`
      begin
        update users set plan_version = plan_version + 1 where id in (
          select n.user_id from changed_rows n join earlier_rows o on o.${key} = n.${key}
          where (${columnsOf('n', columns)}, n.user_id) is distinct from (${columnsOf('o', columns)}, o.user_id)
          union select o.user_id from changed_rows n join earlier_rows o on o.${key} = n.${key} where n.user_id <> o.user_id);
        return null;
      end`)}`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column plan_version bigint not null default 0`.execute(db);
  await sql`
    create function bump_plan_version_of_rows() returns trigger language plpgsql as $$
    begin
      update users set plan_version = plan_version + 1 where id in (select user_id from changed_rows);
      return null;
    end $$`.execute(db);
  for (const { table, key, columns } of WATCHED) {
    await changesFunction(table, key, columns).execute(db);
    // PostgreSQL allows transition tables only on a trigger for one kind of statement: one trigger each.
    await sql`
      create trigger ${sql.raw(`${table}_inserted_plan_version`)} after insert on ${sql.table(table)}
      referencing new table as changed_rows for each statement execute function bump_plan_version_of_rows()`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_deleted_plan_version`)} after delete on ${sql.table(table)}
      referencing old table as changed_rows for each statement execute function bump_plan_version_of_rows()`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_updated_plan_version`)} after update on ${sql.table(table)}
      referencing old table as earlier_rows new table as changed_rows
      for each statement execute function ${sql.raw(`bump_plan_version_of_${table}_changes`)}()`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of WATCHED) {
    for (const kind of ['inserted', 'deleted', 'updated']) {
      await sql`drop trigger if exists ${sql.raw(`${table}_${kind}_plan_version`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function if exists ${sql.raw(`bump_plan_version_of_${table}_changes`)}()`.execute(db);
  }
  await sql`drop function if exists bump_plan_version_of_rows()`.execute(db);
  await sql`alter table users drop column if exists plan_version`.execute(db);
}
