import { type Kysely, sql } from 'kysely';

/**
 * Accounts of any single-sign-on provider (an OpenID Connect issuer, Microsoft, …) keyed by the provider's issuer and
 * its subject id for the person: one table for every provider, so a new provider needs no new column.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_identities')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('sign_in_identities_issuer_subject', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('sign_in_identities_user_id').on('sign_in_identities').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_identities').execute();
}
