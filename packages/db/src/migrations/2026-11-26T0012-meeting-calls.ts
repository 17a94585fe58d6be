import type { Kysely } from 'kysely';

/**
 * Whether a calendar event is a video call (a Meet, Teams, Zoom or Webex link, or Graph's online meeting): screen time,
 * which the planner follows with an eye-rest break. Events stored before this are read as in-person until next synced.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('calendar_events')
    .addColumn('call', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calendar_events').dropColumn('call').execute();
}
