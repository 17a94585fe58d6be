import type { Kysely } from 'kysely';

/*
 * One writer to a calendar at a time: when the write-back running now began (null when none runs). Disconnecting
 * closes the connection to new write-backs ('disconnecting') and waits for the running one before it takes Breaker's
 * events out, so none is written behind its back and left in the calendar.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calendar_connections').addColumn('write_back_since', 'timestamptz').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calendar_connections').dropColumn('write_back_since').execute();
}
