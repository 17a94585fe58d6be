import type { Kysely } from 'kysely';

/**
 * The private address of a user's breaks feed (an iCalendar feed any calendar app subscribes to). Only the SHA-256 of
 * its token is kept, as for sessions: the address is shown once, and a copy of the database opens no feed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('breaks_feeds')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(db.fn('now')))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('breaks_feeds').execute();
}
