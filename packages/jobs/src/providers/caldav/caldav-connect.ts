import { AppError, type CalDavCalendarChoice, type CalDavInput } from '@breaker/api-contract';
import {
  findCalendarConnection,
  findPreferences,
  listConnectionCalendars,
  markConnectionSynced,
  removeCalendarConnection,
  replaceCalendarConnection,
  saveConnectionCalendars,
  type ConnectionCalendar,
} from '@breaker/db';
import { syncWindow } from '../../sync-window.js';
import { discoverHome, openSession, type CalDavCalendar } from './caldav-client.js';
import { sealCredentials } from './caldav-credentials.js';
import { syncCalDav, type CalDavDeps } from './caldav-sync.js';

/** http(s) only, and the credentials go in their own fields, never in the URL (where logs would keep them). */
export function normaliseCalDavUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new AppError('BAD_REQUEST', 'That is not a valid CalDAV server address');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError('BAD_REQUEST', 'A CalDAV server address starts with https:// or http://');
  }
  if (url.username || url.password) throw new AppError('BAD_REQUEST', 'Put the user name and password in their own fields');
  url.hash = '';
  return url;
}

const withSlash = (href: string): string => (href.endsWith('/') ? href : `${href}/`);

/**
 * Default choices: a calendar URL given → that calendar alone, read and written; otherwise every calendar of the
 * account that holds events is read, and breaks go into the first.
 */
export function defaultChoices(calendars: readonly CalDavCalendar[], given: URL) {
  const named = calendars.find((c) => withSlash(c.url) === withSlash(given.href));
  const writeTo = named ?? calendars[0];
  return calendars.map((c) => ({
    calendarId: c.url,
    name: c.name,
    busy: named ? c === named : true,
    writeTarget: c === writeTo,
  }));
}

/**
 * Checks the account (discovery, then its calendars) before anything is stored, so wrong credentials or a wrong
 * address never replace a working connection; then stores it sealed and reads it once.
 */
export async function connectCalDav(
  deps: CalDavDeps,
  userId: string,
  input: CalDavInput,
): Promise<{ calendars: number; imported: number }> {
  const url = normaliseCalDavUrl(input.url);
  const homeUrl = await discoverHome(url, input.username, input.password, deps.allowPrivateFeeds);
  const credentials = { url: url.href, username: input.username, password: input.password, homeUrl };
  const calendars = await openSession(credentials, deps.allowPrivateFeeds).calendars();
  if (calendars.length === 0) throw new AppError('BAD_REQUEST', 'That CalDAV account has no calendars with events');
  const connection = await replaceCalendarConnection(deps.db, userId, {
    provider: 'caldav',
    account_email: input.username,
    refresh_token_encrypted: null,
    feed_url_encrypted: null,
    scopes: null,
    credentials_encrypted: sealCredentials(deps.cipher, credentials),
  });
  await saveConnectionCalendars(deps.db, connection.id, defaultChoices(calendars, url));
  const preferences = await findPreferences(deps.db, userId);
  try {
    const outcome = await syncCalDav(deps, connection, syncWindow(preferences?.timezone ?? 'UTC', deps.now()));
    await markConnectionSynced(deps.db, connection.id, deps.now());
    return { calendars: calendars.length, imported: outcome.eventsChanged };
  } catch (error) {
    await removeCalendarConnection(deps.db, userId, 'caldav');
    throw error;
  }
}

/** The user's choices in Settings: which calendars are busy time, which one takes the breaks (at most one). */
export async function chooseCalDavCalendars(
  deps: Pick<CalDavDeps, 'db'>,
  userId: string,
  choices: CalDavCalendarChoice[],
): Promise<ConnectionCalendar[]> {
  const connection = await findCalendarConnection(deps.db, userId);
  if (connection?.provider !== 'caldav') throw new AppError('NOT_FOUND', 'No CalDAV account is connected');
  const known = await listConnectionCalendars(deps.db, connection.id);
  const byId = new Map(choices.map((c) => [c.calendarId, c]));
  if (choices.some((c) => !known.some((k) => k.calendarId === c.calendarId))) {
    throw new AppError('BAD_REQUEST', 'That calendar is not in your CalDAV account');
  }
  if (choices.filter((c) => c.writeTarget).length > 1) throw new AppError('BAD_REQUEST', 'Breaks go into one calendar only');
  const next = known.map((k) => ({ ...k, ...byId.get(k.calendarId) }));
  await saveConnectionCalendars(deps.db, connection.id, next);
  return next;
}
