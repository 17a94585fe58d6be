import type { Kysely } from 'kysely';
import { changesFunction, WATCHED } from './2026-11-26T0016-plan-version.js';

/*
 * The plan version also moves with everything planning reads (docs/decisions/019-plans-drafted-unlocked.md): a planning
 * run drafts its plan holding no lock and stores it only if the version it drafted from still holds. Planning reads
 * whether a meeting is a call and most of the preferences, which no answer shows, so the version now watches them too
 * (`PLANNING_PREFERENCES` in queries/placement.ts names the same columns). Watching more costs an answer's ETag
 * nothing but a rare 200 where a 304 would have done.
 */

const EVENTS = WATCHED.find((watched) => watched.table === 'calendar_events')!;
const PREFERENCES = WATCHED.find((watched) => watched.table === 'preferences')!;
/** What migration 0017 made each function watch. */
const EVENTS_BEFORE = [...EVENTS.columns, 'show_as'];
const PREFERENCES_BEFORE = [...PREFERENCES.columns, 'blocking_statuses'];

/** Planning's columns of the preferences besides those watched already (the zone and the blocking statuses). */
const PLANNING_PREFERENCES = [
  'work_start_time',
  'work_end_time',
  'work_days',
  'break_frequency',
  'break_types',
  'selected_activities',
  'equipment',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await changesFunction(EVENTS.table, EVENTS.key, [...EVENTS_BEFORE, 'call']).execute(db);
  await changesFunction(PREFERENCES.table, PREFERENCES.key, [...PREFERENCES_BEFORE, ...PLANNING_PREFERENCES]).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await changesFunction(EVENTS.table, EVENTS.key, EVENTS_BEFORE).execute(db);
  await changesFunction(PREFERENCES.table, PREFERENCES.key, PREFERENCES_BEFORE).execute(db);
}
