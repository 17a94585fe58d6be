import {
  findSyncState,
  keepEventsOfCalendars,
  listCalendarEventIds,
  listConnectionCalendars,
  listWrittenEvents,
  replaceCalendarEvents,
  replaceObjectEvents,
  saveSyncState,
  type CalendarConnectionRow,
  type StoredEvent,
} from '@breaker/db';
import type { CalendarJobDeps } from '../../calendar-job-deps.js';
import type { SyncOutcome, SyncWindow } from '../calendar-provider.js';
import { parseFeedOffThread } from '../ics/ics-pool.js';
import { openSession, type CalDavCalendar, type CalDavObject, type CalDavSession } from './caldav-client.js';
import { openCredentials } from './caldav-credentials.js';
import { isBreakerObject } from './caldav-break-events.js';

/** What reading a CalDAV account needs: the API's connect uses it as well as the sync job. */
export type CalDavDeps = Pick<CalendarJobDeps, 'db' | 'now' | 'cipher' | 'allowPrivateFeeds'> & {
  log: Pick<CalendarJobDeps['log'], 'info' | 'warn'>;
};

/** An object's name in its calendar: stored events are named after it (`name/UID…`), so a removed object's go. */
function objectName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? url);
}

/** The UID of an object (RFC 4791: one per object resource), lines unfolded. */
function uidOf(data: string): string | undefined {
  return /^UID:(.*)$/m.exec(data.replace(/\r?\n[ \t]/g, ''))?.[1]?.trim();
}

/** An occurrence's id is its UID with the original time after it (`UID_20261127T090000Z`), and `~n` for twins. */
function uidOfEvent(externalId: string, uids: ReadonlyMap<string, string>): string | undefined {
  if (uids.has(externalId)) return externalId;
  const stripped = externalId.replace(/(?:_\d{8}(?:T\d{6}Z?)?)?(?:~\d+)?$/, '');
  return uids.has(stripped) ? stripped : undefined;
}

/** Each object's UID → its name in the calendar. */
function namesByUid(objects: readonly CalDavObject[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const object of objects) {
    const uid = uidOf(object.data);
    if (uid) names.set(uid, objectName(object.url));
  }
  return names;
}

/**
 * The names of objects whose UID a changed object now carries under another name. A UID names one object of a calendar
 * (RFC 4791 §4.1), so such an object was renamed or moved: its old name's events are stale, even when the server's
 * delta does not report that name removed.
 */
function renamedAway(storedIds: readonly string[], names: ReadonlyMap<string, string>): string[] {
  const stale = new Set<string>();
  for (const id of storedIds) {
    const slash = id.indexOf('/');
    const name = id.slice(0, slash);
    const uid = uidOfEvent(id.slice(slash + 1), names);
    if (slash > 0 && uid !== undefined && names.get(uid) !== name) stale.add(name);
  }
  return [...stale];
}

/** Objects → their events in the window, read by the ICS feeds' parser (recurrences, zones, busy rules). */
async function readObjects(
  objects: readonly CalDavObject[],
  calendarId: string,
  window: SyncWindow,
  owner: string,
): Promise<StoredEvent[]> {
  const theirs = objects.filter((o) => !isBreakerObject(o.data));
  if (theirs.length === 0) return [];
  const names = namesByUid(theirs);
  const events = await parseFeedOffThread(theirs.map((o) => o.data.trim()).join('\r\n'), {
    ...window,
    ...(owner.includes('@') ? { ownerEmails: [owner] } : {}),
  });
  return events.flatMap((event) => {
    const uid = uidOfEvent(event.externalId, names);
    return uid ? [{ calendarId, ...event, externalId: `${names.get(uid)}/${event.externalId}` }] : [];
  });
}

interface Reading {
  deps: CalDavDeps;
  connection: CalendarConnectionRow;
  session: CalDavSession;
  window: SyncWindow;
  owner: string;
  /** Breaker's own objects by URL with the ETag it wrote: seen again in a delta, they need no reading. */
  ours: ReadonlyMap<string, string | null>;
}

/** RFC 6578: only what changed since the stored token, minus Breaker's own writes; 'expired' asks for a full read. */
async function readChanges(
  reading: Reading,
  calendar: CalDavCalendar,
  token: string,
): Promise<{ busyChanged: boolean; changed: number; token: string } | 'expired'> {
  const changes = await reading.session.changesSince(calendar.url, token);
  if (changes === 'expired') return 'expired';
  const theirs = changes.changed.filter((c) => !(reading.ours.has(c.url) && reading.ours.get(c.url) === c.etag));
  const objects = await reading.session.objectsAt(
    calendar.url,
    theirs.map((c) => c.url),
  );
  const meetings = objects.filter((o) => !isBreakerObject(o.data));
  const upserts = await readObjects(meetings, calendar.url, reading.window, reading.owner);
  const stored = meetings.length === 0 ? [] : await listCalendarEventIds(reading.deps.db, reading.connection.id, calendar.url);
  const removed = new Set([...changes.removed.map(objectName), ...renamedAway(stored, namesByUid(meetings))]);
  const applied = await replaceObjectEvents(reading.deps.db, reading.connection, calendar.url, {
    objects: [...theirs.map((c) => objectName(c.url)), ...removed],
    upserts,
  });
  // Changed: every meeting read again, and every removed object that had events stored (Breaker's own had none).
  const removedMeetings = applied.objectsHadEvents.filter((name) => removed.has(name));
  return { busyChanged: applied.busyChanged, changed: meetings.length + removedMeetings.length, token: changes.token };
}

/** The whole window read again (calendar-query with a time-range) and the calendar's events replaced. */
async function readWindow(reading: Reading, calendar: CalDavCalendar): Promise<{ busyChanged: boolean; changed: number }> {
  const objects = await reading.session.eventsBetween(calendar.url, reading.window.from, reading.window.to);
  const events = await readObjects(objects, calendar.url, reading.window, reading.owner);
  const replaced = await replaceCalendarEvents(reading.deps.db, reading.connection, calendar.url, events);
  return { busyChanged: replaced.busyChanged, changed: replaced.stored };
}

/**
 * One PROPFIND on the calendar home answers every calendar's sync-token (RFC 6578) or ctag: a calendar whose token
 * is the one stored, for a window already read, costs nothing more. A changed one is asked for its changes since the
 * stored sync-token where the server offers sync-collection; otherwise (a ctag, a token the server forgot, a window
 * that grew) the window is read again.
 */
export async function syncCalDav(deps: CalDavDeps, connection: CalendarConnectionRow, window: SyncWindow): Promise<SyncOutcome> {
  const credentials = openCredentials(deps.cipher, connection);
  const session = openSession(credentials, deps.allowPrivateFeeds);
  const onServer = await session.calendars();
  const busy = new Set((await listConnectionCalendars(deps.db, connection.id)).filter((c) => c.busy).map((c) => c.calendarId));
  const read = onServer.filter((calendar) => busy.has(calendar.url));
  const ours = new Map((await listWrittenEvents(deps.db, connection.id)).map((w) => [w.href, w.etag]));
  const reading: Reading = { deps, connection, session, window, owner: credentials.username, ours };
  let busyChanged = false;
  let eventsChanged = 0;
  let mode: SyncOutcome['mode'] = 'incremental';
  for (const calendar of read) {
    const state = await findSyncState(deps.db, connection.id, calendar.url);
    const covered = state.windowEnd !== null && state.windowEnd >= window.to;
    if (covered && calendar.version !== null && state.syncToken === calendar.version) continue;
    const delta =
      covered && calendar.syncsByToken && state.syncToken ? await readChanges(reading, calendar, state.syncToken) : 'expired';
    if (delta !== 'expired') {
      busyChanged ||= delta.busyChanged;
      eventsChanged += delta.changed;
      await saveSyncState(deps.db, connection.id, calendar.url, { syncToken: delta.token, windowEnd: state.windowEnd });
      continue;
    }
    mode = 'full';
    const full = await readWindow(reading, calendar);
    busyChanged ||= full.busyChanged;
    eventsChanged += full.changed;
    await saveSyncState(deps.db, connection.id, calendar.url, { syncToken: calendar.version, windowEnd: window.to });
  }
  const forgotten = await keepEventsOfCalendars(
    deps.db,
    connection,
    read.map((c) => c.url),
  );
  return { busyChanged: busyChanged || forgotten.busyChanged, eventsChanged, mode };
}
