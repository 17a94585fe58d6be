import type { MeetingStatus } from '@breaker/api-contract';
import type { Db } from '../client.js';
import type { CalendarConnectionsTable } from '../schema.js';
import { sql, type Selectable } from 'kysely';
import { visibleEvents } from './events.js';
import { pageOfRows, readInPages, SWEEP_PAGE } from './sweep-pages.js';

export type CalendarConnectionRow = Selectable<CalendarConnectionsTable>;

export interface StoredEvent {
  calendarId: string;
  externalId: string;
  title: string;
  start: Date;
  end: Date;
  isAllDay: boolean;
  /** Whether it may block breaks at all; `showAs` and the user's setting say whether it does. */
  blocksTime: boolean;
  showAs: MeetingStatus;
  /** A video call (screen time); absent means in person. */
  call?: boolean;
}

/** An event's own columns in `calendar_events`, whoever and whichever calendar it belongs to. */
export function storedEventColumns(e: Omit<StoredEvent, 'calendarId'>) {
  return {
    external_id: e.externalId,
    title: e.title,
    start_time: e.start,
    end_time: e.end,
    is_all_day: e.isAllDay,
    blocks_time: e.blocksTime,
    show_as: e.showAs,
    call: e.call ?? false,
  };
}

export function findCalendarConnection(db: Db, userId: string): Promise<CalendarConnectionRow | undefined> {
  return db
    .selectFrom('calendar_connections')
    .innerJoin('users', 'users.id', 'calendar_connections.user_id')
    .selectAll('calendar_connections')
    .where('calendar_connections.user_id', '=', userId)
    .whereRef('calendar_connections.provider', '=', 'users.calendar_provider')
    .executeTakeFirst();
}

/** A user has one calendar at a time: connecting one replaces any other, with its events. */
export function replaceCalendarConnection(
  db: Db,
  userId: string,
  connection: Pick<
    CalendarConnectionRow,
    'provider' | 'account_email' | 'refresh_token_encrypted' | 'feed_url_encrypted' | 'scopes'
  > & { credentials_encrypted?: string | null },
): Promise<CalendarConnectionRow> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('calendar_connections').where('user_id', '=', userId).execute();
    const created = await trx
      .insertInto('calendar_connections')
      .values({ user_id: userId, ...connection })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('users')
      .set({ calendar_provider: connection.provider, updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
    return created;
  });
}

export async function removeCalendarConnection(
  db: Db,
  userId: string,
  provider: CalendarConnectionRow['provider'],
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('calendar_connections')
      .where('user_id', '=', userId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    await trx
      .updateTable('users')
      .set({ calendar_provider: null, updated_at: new Date() })
      .where('id', '=', userId)
      .where('calendar_provider', '=', provider)
      .execute();
    return removed.numDeletedRows > 0n;
  });
}

/** Providers that rotate refresh tokens (Microsoft) keep the newest, sealed. */
export async function saveRefreshToken(db: Db, connectionId: string, refreshTokenEncrypted: string): Promise<void> {
  await db
    .updateTable('calendar_connections')
    .set({ refresh_token_encrypted: refreshTokenEncrypted })
    .where('id', '=', connectionId)
    .execute();
}

/** A connection being disconnected keeps that state: a sync or write-back finishing meanwhile does not reopen it. */
export async function markConnectionStatus(
  db: Db,
  connectionId: string,
  status: Exclude<CalendarConnectionRow['status'], 'disconnecting'>,
): Promise<void> {
  await db
    .updateTable('calendar_connections')
    .set({ status })
    .where('id', '=', connectionId)
    .where('status', '<>', 'disconnecting')
    .execute();
}

/** Not for a connection being disconnected: it is about to go, and must not take write-backs again. */
export async function markConnectionSynced(db: Db, connectionId: string, at: Date): Promise<void> {
  await db
    .updateTable('calendar_connections')
    .set({ last_synced_at: at, status: 'active' })
    .where('id', '=', connectionId)
    .where('status', '<>', 'disconnecting')
    .execute();
}

/**
 * A fingerprint of the time a connection's events may block (with each meeting's status, which the user's setting
 * reads, and which of it is calls), to tell whether a sync changed anything the planner cares about: of the events
 * readers see, or of the hidden `generation` a full sync is writing. The database makes it and answers one row:
 * reading 4,000 events back to make it here took the embedded database (on the API's thread) three times as long.
 * Its columns are those planning reads (`PlanningEvent` in events.ts).
 */
async function busyFingerprint(db: Db, connectionId: string, generation?: string): Promise<string> {
  const events = generation
    ? db.selectFrom('calendar_events').where('calendar_events.generation', '=', generation)
    : visibleEvents(db);
  const row = await events
    .select(
      sql<string | null>`md5(string_agg(
        concat_ws(' ', extract(epoch from calendar_events.start_time), extract(epoch from calendar_events.end_time),
          calendar_events.show_as, calendar_events.call),
        ',' order by calendar_events.start_time, calendar_events.end_time, calendar_events.show_as, calendar_events.call))`.as(
        'fingerprint',
      ),
    )
    .where('calendar_events.connection_id', '=', connectionId)
    .where('calendar_events.blocks_time', '=', true)
    .executeTakeFirstOrThrow();
  return row.fingerprint ?? '';
}

/**
 * Full sync: the stored events become exactly `events`. Answers whether the busy time changed. They are written as the
 * connection's next generation in short statements, with a turn of the event loop between them (the network's, or
 * the embedded database's own turns, as it runs on the API's thread: embedded-lanes.ts), so other requests read
 * meanwhile; readers see the old events until the connection switches to the new ones in one row (migration 0020).
 * The old ones then go.
 */
export async function replaceConnectionEvents(
  db: Db,
  connection: Pick<CalendarConnectionRow, 'id' | 'user_id'>,
  events: readonly StoredEvent[],
): Promise<{ busyChanged: boolean; stored: number }> {
  const before = await busyFingerprint(db, connection.id);
  const { rows } = await sql<{ generation: string }>`select nextval('calendar_event_generations')::text as generation`.execute(
    db,
  );
  const generation = rows[0]!.generation;
  let after: string;
  try {
    await insertEvents(db, connection, events, { generation, chunk: SHORT_WRITE_ROWS });
    after = await busyFingerprint(db, connection.id, generation);
    await db
      .updateTable('calendar_connections')
      .set({ events_generation: generation })
      .where('id', '=', connection.id)
      .where(sql<boolean>`events_generation < ${generation}::bigint`)
      .execute();
  } finally {
    await removeHiddenEvents(db, connection.id);
  }
  return { busyChanged: before !== after, stored: events.length };
}

/**
 * Rows per insert of a full sync. Embedded, a row written costs some 60 µs of the API's thread (its indexes and
 * triggers included): 100 rows held it 6 ms on a quiet machine and 10-20 ms on a loaded one, where 200 reached 30-50,
 * and on a noisy one 100 rows reached 17-75 ms, which other users' requests waited through (decision 014).
 */
const SHORT_WRITE_ROWS = 50;
/** Rows per delete of the hidden events: a row deleted costs the thread far less than one written. */
const HIDDEN_ROWS_PER_DELETE = 500;

/**
 * Removes the events of generations before the one the connection shows: replaced ones, and those of a full sync that
 * failed or lost to a later one. A generation written right now is newer and stays.
 */
async function removeHiddenEvents(db: Db, connectionId: string): Promise<void> {
  for (;;) {
    const removed = await db
      .deleteFrom('calendar_events')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('calendar_events as hidden')
          .innerJoin('calendar_connections as shown', 'shown.id', 'hidden.connection_id')
          .select('hidden.id')
          .where('hidden.connection_id', '=', connectionId)
          .where((where) => where('hidden.generation', '<', where.ref('shown.events_generation')))
          .limit(HIDDEN_ROWS_PER_DELETE),
      )
      .executeTakeFirst();
    if (removed.numDeletedRows === 0n) return;
  }
}

/** One calendar's events become exactly `events` (a connection with several calendars re-reads the changed ones). */
export async function replaceCalendarEvents(
  db: Db,
  connection: Pick<CalendarConnectionRow, 'id' | 'user_id'>,
  calendarId: string,
  events: readonly StoredEvent[],
): Promise<{ busyChanged: boolean; stored: number }> {
  return db.transaction().execute(async (trx) => {
    const before = await busyFingerprint(trx, connection.id);
    await trx
      .deleteFrom('calendar_events')
      .where('connection_id', '=', connection.id)
      .where('calendar_id', '=', calendarId)
      .execute();
    await insertEvents(trx, connection, events);
    return { busyChanged: before !== (await busyFingerprint(trx, connection.id)), stored: events.length };
  });
}

/** Incremental sync: changed events replace their stored copies, removed ones go. */
export async function applyEventChanges(
  db: Db,
  connection: Pick<CalendarConnectionRow, 'id' | 'user_id'>,
  changes: { upserts: readonly StoredEvent[]; removals: readonly { calendarId: string; externalId: string }[] },
): Promise<{ busyChanged: boolean }> {
  if (changes.upserts.length === 0 && changes.removals.length === 0) return { busyChanged: false };
  return db.transaction().execute(async (trx) => {
    const before = await busyFingerprint(trx, connection.id);
    for (const gone of [...changes.removals, ...changes.upserts]) {
      await trx
        .deleteFrom('calendar_events')
        .where('connection_id', '=', connection.id)
        .where('calendar_id', '=', gone.calendarId)
        .where('external_id', '=', gone.externalId)
        .execute();
    }
    await insertEvents(trx, connection, changes.upserts);
    return { busyChanged: before !== (await busyFingerprint(trx, connection.id)) };
  });
}

/**
 * Per-object changes of one calendar (CalDAV's sync-collection): every stored event whose id starts with one of
 * `objects` (the object's name and a slash) goes, and `upserts` are stored in their place. Answers which of `objects`
 * had events stored.
 */
export async function replaceObjectEvents(
  db: Db,
  connection: Pick<CalendarConnectionRow, 'id' | 'user_id'>,
  calendarId: string,
  changes: { objects: readonly string[]; upserts: readonly StoredEvent[] },
): Promise<{ busyChanged: boolean; objectsHadEvents: string[] }> {
  if (changes.objects.length === 0 && changes.upserts.length === 0) return { busyChanged: false, objectsHadEvents: [] };
  return db.transaction().execute(async (trx) => {
    const before = await busyFingerprint(trx, connection.id);
    const removed =
      changes.objects.length === 0
        ? []
        : await trx
            .deleteFrom('calendar_events')
            .where('connection_id', '=', connection.id)
            .where('calendar_id', '=', calendarId)
            .where(sql<boolean>`external_id ^@ any(${sql.val(changes.objects.map((o) => `${o}/`))}::text[])`)
            .returning('external_id')
            .execute();
    await insertEvents(trx, connection, changes.upserts);
    const had = new Set(removed.map((r) => r.external_id.slice(0, r.external_id.indexOf('/'))));
    return {
      busyChanged: before !== (await busyFingerprint(trx, connection.id)),
      objectsHadEvents: changes.objects.filter((o) => had.has(o)),
    };
  });
}

/** The ids of one calendar's events readers see (CalDAV names them after their object: `name/UID…`). */
export async function listCalendarEventIds(db: Db, connectionId: string, calendarId: string): Promise<string[]> {
  const rows = await visibleEvents(db)
    .select('calendar_events.external_id')
    .where('calendar_events.connection_id', '=', connectionId)
    .where('calendar_events.calendar_id', '=', calendarId)
    .execute();
  return rows.map((row) => row.external_id);
}

/**
 * Stores events in statements of `chunk` rows, as the connection's `generation` (by default the one readers see now,
 * read in the statement).
 */
async function insertEvents(
  db: Db,
  connection: Pick<CalendarConnectionRow, 'id' | 'user_id'>,
  events: readonly StoredEvent[],
  options: { generation?: string; chunk?: number } = {},
) {
  const chunk = options.chunk ?? 500;
  const generation =
    options.generation ?? sql<string>`(select events_generation from calendar_connections where id = ${connection.id})`;
  for (let offset = 0; offset < events.length; offset += chunk) {
    await db
      .insertInto('calendar_events')
      .values(
        events.slice(offset, offset + chunk).map((e) => ({
          user_id: connection.user_id,
          connection_id: connection.id,
          calendar_id: e.calendarId,
          ...storedEventColumns(e),
          generation,
        })),
      )
      .execute();
  }
}

export interface SyncState {
  syncToken: string | null;
  windowEnd: Date | null;
}

export async function findSyncState(db: Db, connectionId: string, calendarId: string): Promise<SyncState> {
  const row = await db
    .selectFrom('calendar_sync_state')
    .select(['sync_token', 'window_end'])
    .where('connection_id', '=', connectionId)
    .where('calendar_id', '=', calendarId)
    .executeTakeFirst();
  return { syncToken: row?.sync_token ?? null, windowEnd: row?.window_end ?? null };
}

export async function saveSyncState(db: Db, connectionId: string, calendarId: string, state: SyncState): Promise<void> {
  await db
    .insertInto('calendar_sync_state')
    .values({ connection_id: connectionId, calendar_id: calendarId, sync_token: state.syncToken, window_end: state.windowEnd })
    .onConflict((oc) =>
      oc
        .columns(['connection_id', 'calendar_id'])
        .doUpdateSet({ sync_token: state.syncToken, window_end: state.windowEnd, updated_at: new Date() }),
    )
    .execute();
}

export interface ConnectionSyncStatus {
  connectionId: string;
  userId: string;
  syncCadence: string;
  lastSyncedAt: Date | null;
}

/** Every active connection with its owner's cadence, a page at a time: the sweep decides which are due. */
export function listActiveConnections(db: Db): Promise<ConnectionSyncStatus[]> {
  return readInPages(async (after: ConnectionSyncStatus | undefined) => pageOfRows(await activeConnectionsPage(db, after)));
}

/** One page of `listActiveConnections` by connection id: the first, or those after the last one's. */
async function activeConnectionsPage(db: Db, after: ConnectionSyncStatus | undefined): Promise<ConnectionSyncStatus[]> {
  let query = db
    .selectFrom('calendar_connections')
    .innerJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'calendar_connections.user_id')
        .onRef('users.calendar_provider', '=', 'calendar_connections.provider'),
    )
    .innerJoin('preferences', 'preferences.user_id', 'calendar_connections.user_id')
    .select([
      'calendar_connections.id',
      'calendar_connections.user_id',
      'preferences.sync_cadence',
      'calendar_connections.last_synced_at',
    ])
    .where('calendar_connections.status', '=', 'active');
  if (after) query = query.where('calendar_connections.id', '>', after.connectionId);
  const rows = await query.orderBy('calendar_connections.id').limit(SWEEP_PAGE).execute();
  return rows.map((row) => ({
    connectionId: row.id,
    userId: row.user_id,
    syncCadence: row.sync_cadence,
    lastSyncedAt: row.last_synced_at,
  }));
}
