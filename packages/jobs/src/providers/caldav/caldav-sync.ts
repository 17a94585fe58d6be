import {
  findSyncState,
  keepEventsOfCalendars,
  listConnectionCalendars,
  replaceCalendarEvents,
  saveSyncState,
  type CalendarConnectionRow,
  type StoredEvent,
} from '@breaker/db';
import type { CalendarJobDeps } from '../../calendar-job-deps.js';

/** What reading a CalDAV account needs: the API's connect uses it as well as the sync job. */
export type CalDavDeps = Pick<CalendarJobDeps, 'db' | 'now' | 'cipher' | 'allowPrivateFeeds'> & {
  log: Pick<CalendarJobDeps['log'], 'info' | 'warn'>;
};
import type { SyncOutcome, SyncWindow } from '../calendar-provider.js';
import { parseFeedOffThread } from '../ics/ics-pool.js';
import { openSession, type CalDavObject } from './caldav-client.js';
import { openCredentials } from './caldav-credentials.js';
import { isBreakerObject } from './caldav-break-events.js';

/** A calendar's objects → its events in the window, read by the ICS feeds' parser (recurrences, zones, busy rules). */
async function readObjects(
  objects: readonly CalDavObject[],
  calendarId: string,
  window: SyncWindow,
  owner: string,
): Promise<StoredEvent[]> {
  const theirs = objects.filter((o) => !isBreakerObject(o.data));
  if (theirs.length === 0) return [];
  const events = await parseFeedOffThread(theirs.map((o) => o.data.trim()).join('\r\n'), {
    ...window,
    ...(owner.includes('@') ? { ownerEmails: [owner] } : {}),
  });
  return events.map((event) => ({ calendarId, ...event }));
}

/**
 * One PROPFIND on the calendar home answers every calendar's sync-token (RFC 6578) or ctag: a calendar whose token
 * is the one stored, for a window already read, costs nothing more. A changed one is read again over the window
 * (calendar-query with a time-range) and its events replaced.
 */
export async function syncCalDav(deps: CalDavDeps, connection: CalendarConnectionRow, window: SyncWindow): Promise<SyncOutcome> {
  const credentials = openCredentials(deps.cipher, connection);
  const session = openSession(credentials, deps.allowPrivateFeeds);
  const onServer = await session.calendars();
  const busy = new Set((await listConnectionCalendars(deps.db, connection.id)).filter((c) => c.busy).map((c) => c.calendarId));
  const read = onServer.filter((calendar) => busy.has(calendar.url));
  let busyChanged = false;
  let eventsChanged = 0;
  for (const calendar of read) {
    const state = await findSyncState(deps.db, connection.id, calendar.url);
    const covered = state.windowEnd !== null && state.windowEnd >= window.to;
    if (covered && calendar.version !== null && state.syncToken === calendar.version) continue;
    const objects = await session.eventsBetween(calendar.url, window.from, window.to);
    const events = await readObjects(objects, calendar.url, window, credentials.username);
    const replaced = await replaceCalendarEvents(deps.db, connection, calendar.url, events);
    busyChanged ||= replaced.busyChanged;
    eventsChanged += replaced.stored;
    await saveSyncState(deps.db, connection.id, calendar.url, { syncToken: calendar.version, windowEnd: window.to });
  }
  const forgotten = await keepEventsOfCalendars(
    deps.db,
    connection,
    read.map((c) => c.url),
  );
  return { busyChanged: busyChanged || forgotten.busyChanged, eventsChanged };
}
