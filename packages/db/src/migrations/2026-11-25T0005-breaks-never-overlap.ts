import { type Kysely, sql } from 'kysely';

/*
 * Two breaks of one user never overlap, whatever their status: the planner and hand placement both keep every other
 * break (completed and skipped ones too) at a distance, so a row that overlaps another is a bug, refused here rather
 * than shown. Until now only the user's row lock kept that true.
 *
 * The range is the break's UTC wall-clock time: adding minutes to a timestamptz is only "stable" to PostgreSQL, which
 * an index expression may not be, while the same sum on a timestamp is immutable and means the same instants.
 * Deferrable (checked when each statement ends, not row by row), so a re-plan that deletes and inserts breaks in one
 * statement is judged on its result, whichever order PostgreSQL runs its parts in.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists btree_gist`.execute(db);
  // Breaks the planner placed and nobody took or touched are the next re-plan's to replace anyway: one that overlaps
  // an earlier or a kept break goes, so the constraint can hold over rows stored before it.
  await sql`
    delete from break_sessions b
    using break_sessions o
    where o.user_id = b.user_id and o.id <> b.id
      and b.completed_at is null and not b.skipped and not b.pinned
      and tsrange(b.scheduled_time at time zone 'UTC', (b.scheduled_time at time zone 'UTC') + make_interval(mins => b.duration))
        && tsrange(o.scheduled_time at time zone 'UTC', (o.scheduled_time at time zone 'UTC') + make_interval(mins => o.duration))
      and (o.completed_at is not null or o.skipped or o.pinned or (o.created_at, o.id) < (b.created_at, b.id))`.execute(db);
  await sql`
    alter table break_sessions add constraint break_sessions_no_overlap exclude using gist (
      user_id with =,
      tsrange(scheduled_time at time zone 'UTC', (scheduled_time at time zone 'UTC') + make_interval(mins => duration)) with &&
    ) deferrable initially immediate`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table break_sessions drop constraint if exists break_sessions_no_overlap`.execute(db);
}
