import { type Kysely, sql } from 'kysely';

/**
 * Reminders that reach the user: their browsers' push subscriptions, the two preferences that shape reminders and
 * calendar alerts, and on each break the start time its reminder announced (so each is sent once, and a moved break
 * again).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth_encrypted', 'text', (c) => c.notNull())
    .addColumn('expiration_time', 'timestamptz')
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_success_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .alterTable('preferences')
    .addColumn('reminder_lead_minutes', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`reminder_lead_minutes in (0, 1, 5)`),
    )
    .execute();
  await db.schema
    .alterTable('preferences')
    .addColumn('calendar_alerts_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema.alterTable('break_sessions').addColumn('reminded_for', 'timestamptz').execute();
  // The sweep's question, across all users: which breaks still to take start soon?
  await sql`create index break_sessions_to_remind on break_sessions (scheduled_time)
    where completed_at is null and skipped = false`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists break_sessions_to_remind`.execute(db);
  await db.schema.alterTable('break_sessions').dropColumn('reminded_for').execute();
  await db.schema.alterTable('preferences').dropColumn('calendar_alerts_enabled').execute();
  await db.schema.alterTable('preferences').dropColumn('reminder_lead_minutes').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
