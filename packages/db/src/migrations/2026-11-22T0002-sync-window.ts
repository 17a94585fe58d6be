import type { Kysely } from 'kysely';

/** Incremental sync only reports changes, so a sync token is good only for the window its full sync covered. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calendar_sync_state').addColumn('window_end', 'timestamptz').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calendar_sync_state').dropColumn('window_end').execute();
}
