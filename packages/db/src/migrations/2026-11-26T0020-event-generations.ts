import { type Kysely, sql } from 'kysely';

/*
 * A connection's events are read as one set that a full sync replaces at once, without holding the database for the
 * whole write (docs/decisions/014-event-generations.md). Every event belongs to a generation; the connection names the
 * generation readers see. A full sync writes the next generation in short statements, invisible to readers, then
 * switches the connection to it in one row and removes the old one. Existing events and connections start together at
 * generation 0; new generations come from one sequence, so an abandoned write never collides with a later one.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence calendar_event_generations`.execute(db);
  await sql`alter table calendar_connections add column events_generation bigint not null default 0`.execute(db);
  await sql`alter table calendar_events add column generation bigint not null default 0`.execute(db);
  // Two generations of one connection hold the same events while a full sync writes the new one.
  await sql`alter table calendar_events drop constraint calendar_events_external`.execute(db);
  await sql`
    alter table calendar_events add constraint calendar_events_external
    unique (connection_id, calendar_id, external_id, generation)`.execute(db);
  // What readers see changes when the connection switches: the user's plan version moves with it (migration 0016).
  await sql`
    create function bump_plan_version_of_switched_connection() returns trigger language plpgsql as $$
    begin
      update users set plan_version = plan_version + 1 where id = new.user_id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger calendar_connections_switched_plan_version after update of events_generation on calendar_connections
    for each row when (old.events_generation is distinct from new.events_generation)
    execute function bump_plan_version_of_switched_connection()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists calendar_connections_switched_plan_version on calendar_connections`.execute(db);
  await sql`drop function if exists bump_plan_version_of_switched_connection()`.execute(db);
  await sql`
    delete from calendar_events e using calendar_connections c
    where c.id = e.connection_id and e.generation <> c.events_generation`.execute(db);
  await sql`alter table calendar_events drop constraint calendar_events_external`.execute(db);
  await sql`
    alter table calendar_events add constraint calendar_events_external unique (connection_id, calendar_id, external_id)`.execute(
    db,
  );
  await sql`alter table calendar_events drop column generation`.execute(db);
  await sql`alter table calendar_connections drop column events_generation`.execute(db);
  await sql`drop sequence calendar_event_generations`.execute(db);
}
