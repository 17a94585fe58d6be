import { type Kysely, sql } from 'kysely';

/**
 * How many breaks a day the user may skip before a skip books a replacement later that day (0–5, default 1).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('preferences')
    .addColumn('skip_budget', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`skip_budget between 0 and 5`),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('preferences').dropColumn('skip_budget').execute();
}
