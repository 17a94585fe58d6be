import type { Kysely } from 'kysely';

/** A break the user placed, moved or changed by hand is pinned: re-planning keeps it instead of replacing it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('break_sessions')
    .addColumn('pinned', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('break_sessions').dropColumn('pinned').execute();
}
