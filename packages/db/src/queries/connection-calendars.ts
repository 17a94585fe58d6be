import type { Db } from '../client.js';
import type { CalendarConnectionRow } from './calendar.js';

export interface ConnectionCalendar {
  calendarId: string;
  name: string;
  busy: boolean;
  writeTarget: boolean;
}

export async function listConnectionCalendars(db: Db, connectionId: string): Promise<ConnectionCalendar[]> {
  const rows = await db
    .selectFrom('connection_calendars')
    .selectAll()
    .where('connection_id', '=', connectionId)
    .orderBy('name')
    .orderBy('calendar_id')
    .execute();
  return rows.map((r) => ({ calendarId: r.calendar_id, name: r.name, busy: r.busy, writeTarget: r.write_target }));
}

/** The calendars found on the server now; choices made earlier are kept for calendars still there. */
export async function saveConnectionCalendars(
  db: Db,
  connectionId: string,
  calendars: readonly ConnectionCalendar[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('connection_calendars').where('connection_id', '=', connectionId).execute();
    if (calendars.length === 0) return;
    await trx
      .insertInto('connection_calendars')
      .values(
        calendars.map((c) => ({
          connection_id: connectionId,
          calendar_id: c.calendarId,
          name: c.name,
          busy: c.busy,
          write_target: c.writeTarget,
        })),
      )
      .execute();
  });
}

/**
 * Forgets the events of calendars no longer read (no longer busy-bearing, or gone from the server), and where their
 * reading had got to, so a calendar chosen again is read in full.
 */
export async function keepEventsOfCalendars(
  db: Db,
  connection: Pick<CalendarConnectionRow, 'id' | 'user_id'>,
  calendarIds: readonly string[],
): Promise<{ busyChanged: boolean }> {
  let query = db.deleteFrom('calendar_events').where('connection_id', '=', connection.id);
  if (calendarIds.length > 0) query = query.where('calendar_id', 'not in', calendarIds);
  const removed = await query.returning('blocks_time').execute();
  let states = db.deleteFrom('calendar_sync_state').where('connection_id', '=', connection.id);
  if (calendarIds.length > 0) states = states.where('calendar_id', 'not in', calendarIds);
  await states.execute();
  return { busyChanged: removed.some((r) => r.blocks_time) };
}

export interface WrittenEvent {
  externalId: string;
  calendarId: string;
  href: string;
  etag: string | null;
  start: Date;
  end: Date;
  summary: string;
}

export async function listWrittenEvents(db: Db, connectionId: string): Promise<WrittenEvent[]> {
  const rows = await db.selectFrom('calendar_written_events').selectAll().where('connection_id', '=', connectionId).execute();
  return rows.map((r) => ({
    externalId: r.external_id,
    calendarId: r.calendar_id,
    href: r.href,
    etag: r.etag,
    start: r.start_time,
    end: r.end_time,
    summary: r.summary,
  }));
}

export async function saveWrittenEvent(db: Db, connectionId: string, event: WrittenEvent): Promise<void> {
  const values = {
    calendar_id: event.calendarId,
    href: event.href,
    etag: event.etag,
    start_time: event.start,
    end_time: event.end,
    summary: event.summary,
  };
  await db
    .insertInto('calendar_written_events')
    .values({ connection_id: connectionId, external_id: event.externalId, ...values })
    .onConflict((oc) => oc.columns(['connection_id', 'external_id']).doUpdateSet(values))
    .execute();
}

export async function forgetWrittenEvent(db: Db, connectionId: string, externalId: string): Promise<void> {
  await db
    .deleteFrom('calendar_written_events')
    .where('connection_id', '=', connectionId)
    .where('external_id', '=', externalId)
    .execute();
}
