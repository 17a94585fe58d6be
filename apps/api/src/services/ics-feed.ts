import { AppError } from '@breaker/api-contract';
import {
  findPreferences,
  markConnectionSynced,
  replaceCalendarConnection,
  replaceConnectionEvents,
  saveSyncState,
} from '@breaker/db';
import { FEED_CALENDAR_ID, normaliseFeedUrl, readFeed, syncWindow } from '@breaker/jobs';
import type { AppDeps } from '../deps.js';

/**
 * Reads the feed first and stores it only if it is a calendar, so a bad URL never replaces a working connection.
 * The URL is sealed at rest: secret feed URLs are as good as a password to the calendar.
 */
export async function connectIcsFeed(
  deps: AppDeps,
  userId: string,
  rawUrl: string,
): Promise<{ imported: number; message: string }> {
  const url = normaliseFeedUrl(rawUrl);
  const preferences = await findPreferences(deps.db, userId);
  const window = syncWindow(preferences?.timezone ?? 'UTC', deps.now());
  const feed = await readFeed({ allowPrivateFeeds: deps.config.allowPrivateFeeds }, url, window, null);
  if (!feed) throw new AppError('BAD_REQUEST', 'The calendar feed sent no calendar');
  const connection = await replaceCalendarConnection(deps.db, userId, {
    provider: 'ics',
    account_email: null,
    refresh_token_encrypted: null,
    feed_url_encrypted: deps.cipher.seal(url.toString()),
    scopes: null,
  });
  const { stored } = await replaceConnectionEvents(deps.db, connection, feed.events);
  await saveSyncState(deps.db, connection.id, FEED_CALENDAR_ID, { syncToken: feed.validator, windowEnd: window.to });
  await markConnectionSynced(deps.db, connection.id, deps.now());
  deps.log.info({ userId, imported: stored }, 'calendar feed connected');
  await deps.jobs.placeBreaks({ userId, trigger: 'sync' });
  return { imported: stored, message: `Imported ${stored} events from your calendar feed` };
}
