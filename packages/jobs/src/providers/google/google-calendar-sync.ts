import {
  applyEventChanges,
  findSyncState,
  replaceConnectionEvents,
  saveSyncState,
  type CalendarConnectionRow,
} from '@breaker/db';
import type { calendar_v3 } from '@googleapis/calendar';
import type { JobDeps } from '../../job-deps.js';
import type { SyncOutcome, SyncWindow } from '../calendar-provider.js';
import { describeProviderFailure, withProviderRetries, type RetryOptions } from '../provider-retries.js';
import { changesInWindow, upsertedEvents, type EventChange } from '../event-changes.js';
import { toEventChange } from './google-events.js';

const CALENDAR_ID = 'primary';
const PAGE_SIZE = 2500;

interface ListedPage {
  changes: EventChange[];
  nextSyncToken: string | null;
}

async function listAllPages(
  api: calendar_v3.Calendar,
  params: calendar_v3.Params$Resource$Events$List,
  timeZone: string,
  retry: RetryOptions,
): Promise<ListedPage> {
  const changes: EventChange[] = [];
  let pageToken: string | undefined;
  for (;;) {
    const { data } = await withProviderRetries(
      'google',
      () => api.events.list({ ...params, ...(pageToken ? { pageToken } : {}) }),
      retry,
    );
    for (const item of data.items ?? []) {
      const change = toEventChange(item, CALENDAR_ID, timeZone);
      if (change) changes.push(change);
    }
    if (!data.nextPageToken) return { changes, nextSyncToken: data.nextSyncToken ?? null };
    pageToken = data.nextPageToken;
  }
}

/**
 * A full sync over the window, then incremental syncs with the stored token until the window must move on;
 * a 410 (the token expired) wipes this calendar's events and syncs in full.
 */
export async function syncGoogleCalendar(
  deps: JobDeps,
  api: calendar_v3.Calendar,
  connection: CalendarConnectionRow,
  window: SyncWindow,
  retry: RetryOptions = {},
): Promise<SyncOutcome> {
  const state = await findSyncState(deps.db, connection.id, CALENDAR_ID);
  const tokenCoversWindow = state.syncToken !== null && state.windowEnd !== null && state.windowEnd >= window.to;
  if (tokenCoversWindow && state.syncToken) {
    try {
      const page = await listAllPages(
        api,
        { calendarId: CALENDAR_ID, singleEvents: true, maxResults: PAGE_SIZE, syncToken: state.syncToken },
        window.timeZone,
        retry,
      );
      const { busyChanged } = await applyEventChanges(deps.db, connection, changesInWindow(page.changes, window));
      if (page.nextSyncToken && page.nextSyncToken !== state.syncToken) {
        await saveSyncState(deps.db, connection.id, CALENDAR_ID, { syncToken: page.nextSyncToken, windowEnd: state.windowEnd });
      }
      return { busyChanged, eventsChanged: page.changes.length, mode: 'incremental' };
    } catch (error) {
      if (describeProviderFailure(error).status !== 410) throw error;
      deps.log.info({ connectionId: connection.id }, 'sync token expired; syncing in full');
    }
  }
  const page = await listAllPages(
    api,
    {
      calendarId: CALENDAR_ID,
      singleEvents: true,
      maxResults: PAGE_SIZE,
      timeMin: window.from.toISOString(),
      timeMax: window.to.toISOString(),
      timeZone: window.timeZone,
    },
    window.timeZone,
    retry,
  );
  const { busyChanged, stored } = await replaceConnectionEvents(deps.db, connection, upsertedEvents(page.changes));
  await saveSyncState(deps.db, connection.id, CALENDAR_ID, { syncToken: page.nextSyncToken, windowEnd: window.to });
  return { busyChanged, eventsChanged: stored, mode: 'full' };
}
