import type { Kysely } from 'kysely';

/**
 * Microsoft accounts are keyed by tenant and object id together (`tid`, `oid` of the ID token): the object id alone is
 * unique only within its tenant.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('microsoft_tenant_id', 'text').addColumn('microsoft_object_id', 'text').execute();
  await db.schema
    .createIndex('users_microsoft_identity')
    .unique()
    .on('users')
    .columns(['microsoft_tenant_id', 'microsoft_object_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_microsoft_identity').execute();
  await db.schema.alterTable('users').dropColumn('microsoft_object_id').dropColumn('microsoft_tenant_id').execute();
}
