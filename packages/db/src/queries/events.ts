import type { Db } from '../client.js';
import type { CalendarEventRow } from '../schema.js';

/** The columns of an event readers see; the record type makes a column added to the schema fail the build until named. */
const EVENT_COLUMNS = Object.keys({
  id: true,
  user_id: true,
  connection_id: true,
  calendar_id: true,
  external_id: true,
  title: true,
  start_time: true,
  end_time: true,
  is_all_day: true,
  blocks_time: true,
  show_as: true,
  call: true,
  updated_at: true,
} satisfies Record<keyof CalendarEventRow, true>).map(
  (column) => `calendar_events.${column}` as `calendar_events.${keyof CalendarEventRow}`,
);

/**
 * The events readers see: those of the generation their connection names (migration 0020), so a full sync writing the
 * next generation shows nothing of it until it switches. Filter further by `calendar_events` columns.
 */
export function visibleEvents(db: Db) {
  return db
    .selectFrom('calendar_events')
    .innerJoin('calendar_connections as shown', (join) =>
      join
        .onRef('shown.id', '=', 'calendar_events.connection_id')
        .onRef('shown.events_generation', '=', 'calendar_events.generation'),
    );
}

/** The user's visible events overlapping [from, to), earliest first; select the columns wanted. */
function userEventsBetween(db: Db, userId: string, from: Date, to: Date) {
  return visibleEvents(db)
    .where('calendar_events.user_id', '=', userId)
    .where('calendar_events.end_time', '>', from)
    .where('calendar_events.start_time', '<', to)
    .orderBy('calendar_events.start_time');
}

/** Events overlapping [from, to), earliest first. */
export function listEventsBetween(db: Db, userId: string, from: Date, to: Date): Promise<CalendarEventRow[]> {
  return userEventsBetween(db, userId, from, to).select(EVENT_COLUMNS).execute();
}

/**
 * What planning reads of an event: its time, whether and how it blocks, and whether it is a call. The busy fingerprint
 * (`busyFingerprint` in calendar.ts) hashes the same columns to tell whether a sync changed the plan's input, and the
 * plan version watches them to tell whether a drafted plan may be stored (migration 0024): a column planning starts
 * to read goes into all three.
 */
export type PlanningEvent = Pick<CalendarEventRow, 'start_time' | 'end_time' | 'blocks_time' | 'show_as' | 'call'>;

/**
 * The events that can block time in [from, to), earliest first, with only the columns planning uses: a big calendar's
 * titles and ids stay in the database.
 */
export function listPlanningEventsBetween(db: Db, userId: string, from: Date, to: Date): Promise<PlanningEvent[]> {
  return userEventsBetween(db, userId, from, to)
    .where('calendar_events.blocks_time', '=', true)
    .select([
      'calendar_events.start_time',
      'calendar_events.end_time',
      'calendar_events.blocks_time',
      'calendar_events.show_as',
      'calendar_events.call',
    ])
    .execute();
}
