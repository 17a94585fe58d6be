import { AppError } from '@breaker/api-contract';
import { findSyncState, replaceConnectionEvents, saveSyncState, type CalendarConnectionRow, type StoredEvent } from '@breaker/db';
import type { CalendarJobDeps } from '../../calendar-job-deps.js';
import type { SyncOutcome, SyncWindow } from '../calendar-provider.js';
import { fetchFeed } from './feed-fetch.js';
import { parseFeedOffThread } from './ics-pool.js';

export const FEED_CALENDAR_ID = 'feed';

/** Downloads and reads a feed; anything that is not iCalendar is refused with a message the user can act on. */
export async function readFeed(
  deps: Pick<CalendarJobDeps, 'allowPrivateFeeds'>,
  url: URL,
  window: SyncWindow,
  validator: string | null,
): Promise<{ events: StoredEvent[]; validator: string | null } | undefined> {
  const download = await fetchFeed(url, { allowPrivate: deps.allowPrivateFeeds, validator });
  if (download.kind === 'unchanged') return undefined;
  if (!/^\s*BEGIN:VCALENDAR/i.test(download.body)) {
    throw new AppError('BAD_REQUEST', 'That address did not return an iCalendar feed (it should start with BEGIN:VCALENDAR)');
  }
  const parsed = await parseFeedOffThread(download.body, window);
  const events = parsed.map((event) => ({ calendarId: FEED_CALENDAR_ID, ...event }));
  return { events, validator: download.validator };
}

/** Re-reads the feed (a conditional request: an unchanged feed is neither downloaded nor written). */
export async function syncIcsFeed(
  deps: CalendarJobDeps,
  connection: CalendarConnectionRow,
  window: SyncWindow,
): Promise<SyncOutcome> {
  if (!connection.feed_url_encrypted) throw new AppError('NOT_FOUND', 'No calendar feed is connected');
  const state = await findSyncState(deps.db, connection.id, FEED_CALENDAR_ID);
  const windowStillCovered = state.windowEnd !== null && state.windowEnd >= window.to;
  const feed = await readFeed(
    deps,
    new URL(deps.cipher.open(connection.feed_url_encrypted)),
    window,
    windowStillCovered ? state.syncToken : null,
  );
  if (!feed) return { busyChanged: false, eventsChanged: 0 };
  const { busyChanged, stored } = await replaceConnectionEvents(deps.db, connection, feed.events);
  await saveSyncState(deps.db, connection.id, FEED_CALENDAR_ID, { syncToken: feed.validator, windowEnd: window.to });
  return { busyChanged, eventsChanged: stored };
}
