import type { Kysely } from 'kysely';

/**
 * A session opened by a development sign-in says so: it is short-lived, and a server started without
 * ALLOW_DEV_LOGIN refuses and deletes it instead of honouring it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('development', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('development').execute();
}
