import type { Kysely } from 'kysely';

/**
 * CalDAV accounts: their sealed credentials, the calendars found on the server (which ones hold the user's busy time,
 * which one takes the breaks), and the events Breaker wrote with the ETag it got, so a change made by someone else is
 * never overwritten (If-Match).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calendar_connections').addColumn('credentials_encrypted', 'text').execute();

  await db.schema
    .createTable('connection_calendars')
    .addColumn('connection_id', 'uuid', (c) => c.notNull().references('calendar_connections.id').onDelete('cascade'))
    .addColumn('calendar_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('busy', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('write_target', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('connection_calendars_pk', ['connection_id', 'calendar_id'])
    .execute();

  await db.schema
    .createTable('calendar_written_events')
    .addColumn('connection_id', 'uuid', (c) => c.notNull().references('calendar_connections.id').onDelete('cascade'))
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('calendar_id', 'text', (c) => c.notNull())
    .addColumn('href', 'text', (c) => c.notNull())
    .addColumn('etag', 'text')
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('calendar_written_events_pk', ['connection_id', 'external_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_written_events').execute();
  await db.schema.dropTable('connection_calendars').execute();
  await db.schema.alterTable('calendar_connections').dropColumn('credentials_encrypted').execute();
}
