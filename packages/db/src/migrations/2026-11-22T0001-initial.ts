import { type Kysely, sql } from 'kysely';

/** Frozen once landed: later changes go into new migrations. Written against Kysely<any> so it runs on PostgreSQL and PGlite alike. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('profile_image_url', 'text')
    .addColumn('google_subject', 'text', (c) => c.unique())
    .addColumn('calendar_provider', 'text')
    .addColumn('is_onboarding_completed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_username_lower on users (lower(username))`.execute(db);
  await sql`create unique index users_email_lower on users (lower(email)) where email is not null`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('absolute_expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('preferences')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('break_frequency', 'integer', (c) => c.notNull())
    .addColumn('work_start_time', 'text', (c) => c.notNull())
    .addColumn('work_end_time', 'text', (c) => c.notNull())
    .addColumn('selected_exercise', 'text')
    .addColumn('equipment', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('selected_activities', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('break_types', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('notifications_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('calendar_booking_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sync_cadence', 'text', (c) => c.notNull().defaultTo('hourly'))
    .addColumn('calendar_view', 'text', (c) => c.notNull().defaultTo('week'))
    .addColumn('timezone', 'text')
    .addColumn('work_days', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{1,2,3,4,5}'`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('break_activities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull().check(sql`duration between 1 and 4`))
    .addColumn('difficulty', 'text', (c) => c.notNull().defaultTo('easy'))
    .addColumn('equipment', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('instructions', sql`text[]`, (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('scheduling_runs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('engine_version', 'text', (c) => c.notNull())
    .addColumn('seed', 'integer', (c) => c.notNull())
    .addColumn('input', 'jsonb', (c) => c.notNull())
    .addColumn('output', 'jsonb', (c) => c.notNull())
    .addColumn('duration_ms', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('scheduling_runs_user_created').on('scheduling_runs').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('break_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('activity_id', 'text', (c) => c.notNull().references('break_activities.id'))
    .addColumn('scheduled_time', 'timestamptz', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz')
    .addColumn('skipped', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('placement_reason', 'text')
    .addColumn('scheduling_run_id', 'uuid', (c) => c.references('scheduling_runs.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('break_sessions_user_time').on('break_sessions').columns(['user_id', 'scheduled_time']).execute();

  await db.schema
    .createTable('calendar_connections')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('account_email', 'text')
    .addColumn('refresh_token_encrypted', 'text')
    .addColumn('feed_url_encrypted', 'text')
    .addColumn('scopes', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('last_synced_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('calendar_connections_user_provider', ['user_id', 'provider'])
    .execute();

  await db.schema
    .createTable('calendar_sync_state')
    .addColumn('connection_id', 'uuid', (c) => c.notNull().references('calendar_connections.id').onDelete('cascade'))
    .addColumn('calendar_id', 'text', (c) => c.notNull())
    .addColumn('sync_token', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('calendar_sync_state_pk', ['connection_id', 'calendar_id'])
    .execute();

  await db.schema
    .createTable('calendar_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('connection_id', 'uuid', (c) => c.notNull().references('calendar_connections.id').onDelete('cascade'))
    .addColumn('calendar_id', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz', (c) => c.notNull())
    .addColumn('is_all_day', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('blocks_time', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('calendar_events_external', ['connection_id', 'calendar_id', 'external_id'])
    .execute();
  await db.schema.createIndex('calendar_events_user_time').on('calendar_events').columns(['user_id', 'start_time']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'calendar_events',
    'calendar_sync_state',
    'calendar_connections',
    'break_sessions',
    'scheduling_runs',
    'break_activities',
    'preferences',
    'password_reset_tokens',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
