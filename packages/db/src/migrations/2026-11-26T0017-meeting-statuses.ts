import { type Kysely, sql } from 'kysely';
import { changesFunction, WATCHED } from './2026-11-26T0016-plan-version.js';

/*
 * How each meeting shows the user's time (busy, tentative, out of office, working elsewhere, free), kept on the event,
 * and which of them block breaks, kept in the user's preferences: changing the setting re-plans from stored events
 * without reading any calendar again. Events stored before this read as busy until next synced. The calendar answer
 * shows both, so the plan version watches them too.
 */

const STATUSES = ['busy', 'tentative', 'outOfOffice', 'workingElsewhere', 'free'];
const CHOOSABLE = ['tentative', 'outOfOffice', 'workingElsewhere'];

const EVENTS = WATCHED.find((watched) => watched.table === 'calendar_events')!;
const PREFERENCES = WATCHED.find((watched) => watched.table === 'preferences')!;

const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((value) => sql.lit(value)))}]::text[]`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('calendar_events')
    .addColumn('show_as', 'text', (c) =>
      c
        .notNull()
        .defaultTo('busy')
        .check(sql`show_as in (${sql.join(STATUSES.map((status) => sql.lit(status)))})`),
    )
    .execute();
  await db.schema
    .alterTable('preferences')
    .addColumn('blocking_statuses', sql`text[]`, (c) =>
      c
        .notNull()
        .defaultTo(textArray(['tentative', 'outOfOffice']))
        .check(sql`blocking_statuses <@ ${textArray(CHOOSABLE)}`),
    )
    .execute();
  await changesFunction(EVENTS.table, EVENTS.key, [...EVENTS.columns, 'show_as']).execute(db);
  await changesFunction(PREFERENCES.table, PREFERENCES.key, [...PREFERENCES.columns, 'blocking_statuses']).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await changesFunction(EVENTS.table, EVENTS.key, EVENTS.columns).execute(db);
  await changesFunction(PREFERENCES.table, PREFERENCES.key, PREFERENCES.columns).execute(db);
  await db.schema.alterTable('preferences').dropColumn('blocking_statuses').execute();
  await db.schema.alterTable('calendar_events').dropColumn('show_as').execute();
}
