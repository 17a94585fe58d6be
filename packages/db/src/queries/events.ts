import type { Db } from '../client.js';
import type { CalendarEventRow } from '../schema.js';

/** Events overlapping [from, to), earliest first. */
export function listEventsBetween(db: Db, userId: string, from: Date, to: Date): Promise<CalendarEventRow[]> {
  return db
    .selectFrom('calendar_events')
    .selectAll()
    .where('user_id', '=', userId)
    .where('end_time', '>', from)
    .where('start_time', '<', to)
    .orderBy('start_time')
    .execute();
}
