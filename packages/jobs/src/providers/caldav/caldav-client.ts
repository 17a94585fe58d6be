import { AppError } from '@breaker/api-contract';
import {
  calendarMultiGet,
  calendarQuery,
  createAccount,
  createObject,
  deleteObject,
  propfind,
  syncCollection,
  updateObject,
  type DAVResponse,
} from 'tsdav';
import { ProviderAccessExpired, ProviderUnavailable } from '../calendar-provider.js';
import { guardedFetch, PRIVATE_SERVER_REFUSED } from './caldav-fetch.js';

/** What the user gave: the server (or a principal, or a calendar) and an app password. Sealed at rest as JSON. */
export interface CalDavCredentials {
  url: string;
  username: string;
  password: string;
  /** Found by discovery at connect time, so a sync starts at the calendars. */
  homeUrl: string;
}

export interface CalDavCalendar {
  url: string;
  name: string;
  /** What changes whenever anything in it does: the RFC 6578 sync-token, or the ctag where there is none. */
  version: string | null;
  /** The server offers RFC 6578 `sync-collection` for it: `version` is a sync-token to ask changes since. */
  syncsByToken: boolean;
}

/** What changed in a calendar since a sync-token (RFC 6578): objects with their new ETags, and the removed ones. */
export interface CalDavChanges {
  token: string;
  changed: { url: string; etag: string | null }[];
  removed: string[];
}

export interface CalDavObject {
  url: string;
  etag: string | null;
  data: string;
}

/** The calls Breaker makes, each with the account's credentials and the guarded fetch. */
export interface CalDavSession {
  calendars(): Promise<CalDavCalendar[]>;
  eventsBetween(calendarUrl: string, from: Date, to: Date): Promise<CalDavObject[]>;
  /** `sync-collection` with ETags only; 'expired' when the server no longer knows the token (a full read follows). */
  changesSince(calendarUrl: string, token: string): Promise<CalDavChanges | 'expired'>;
  /** `calendar-multiget`: the named objects with their data. */
  objectsAt(calendarUrl: string, urls: readonly string[]): Promise<CalDavObject[]>;
  /** `If-None-Match: *`: answers the new ETag, or 'exists' when something is already at that address. */
  create(url: string, data: string): Promise<{ etag: string | null } | 'exists'>;
  /** `If-Match`: 'changed' (412) when someone changed the event since Breaker wrote it. */
  update(url: string, etag: string, data: string): Promise<{ etag: string | null } | 'changed' | 'gone'>;
  remove(url: string, etag: string): Promise<'removed' | 'changed' | 'gone'>;
}

const WRONG_CREDENTIALS = 'The CalDAV server did not accept that user name and password';

/** 401 means the password no longer works: during a sync the user must reconnect. */
function checked(response: Response, what: string): void {
  if (response.status === 401) throw new ProviderAccessExpired(WRONG_CREDENTIALS);
  if (!response.ok && response.status !== 207) {
    throw new AppError('UNAVAILABLE', `The CalDAV server answered ${response.status} to ${what}`);
  }
}

/** tsdav reports a refused or unreachable server as a failed fetch; the user reads why. */
export function unreachable(error: unknown): AppError | ProviderAccessExpired {
  if (error instanceof AppError || error instanceof ProviderAccessExpired) return error;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code === 'EPRIVATE') return new AppError('BAD_REQUEST', PRIVATE_SERVER_REFUSED);
  const message = error instanceof Error ? error.message : String(error);
  if (/401|invalid credentials/i.test(message)) return new ProviderAccessExpired(WRONG_CREDENTIALS);
  const reason = cause?.code ?? cause?.message ?? message;
  // A CalDAV server down is the user's server, not this service's database or Redis: one line, no stack.
  return new ProviderUnavailable(`The CalDAV server could not be reached (${reason})`);
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  const inner = value as { _cdata?: unknown; _text?: unknown } | undefined;
  if (typeof inner?._cdata === 'string') return inner._cdata;
  if (typeof inner?._text === 'string' || typeof inner?._text === 'number') return String(inner._text);
  return '';
}

function componentNames(set: unknown): string[] {
  const comp = (set as { comp?: unknown } | undefined)?.comp;
  const list = Array.isArray(comp) ? comp : comp ? [comp] : [];
  return list.map((c) => String((c as { _attributes?: { name?: unknown } })._attributes?.name ?? '').toUpperCase());
}

/** RFC 7617 with UTF-8 (tsdav's helper takes Latin-1 only and throws on anything else). */
function basicAuth(username: string, password: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}` };
}

/** iCalendar UTC form for a CalDAV time-range. */
function davTime(date: Date): string {
  return date.toISOString().replace(/[-:]|\.\d{3}/g, '');
}

/** A multistatus whose first answer is 401 means the stored credentials no longer work. */
function refuseWrongCredentials(responses: readonly DAVResponse[]): void {
  if (responses[0]?.status === 401) throw new ProviderAccessExpired(WRONG_CREDENTIALS);
}

/** The objects of a REPORT answer that carry calendar data. */
function withData(responses: readonly DAVResponse[], calendarUrl: string): CalDavObject[] {
  refuseWrongCredentials(responses);
  return responses.flatMap((r) => {
    const data = textOf(r.props?.calendarData);
    if (!r.href || !data) return [];
    return [{ url: new URL(r.href, calendarUrl).href, etag: textOf(r.props?.getetag) || null, data }];
  });
}

/**
 * A sync-collection answer: members with a 404 status were removed, the others changed; the new token is the
 * multistatus's own. A refused token (403 valid-sync-token, or 409/400 from some servers) means start over.
 */
function changesOf(responses: readonly DAVResponse[], calendarUrl: string): CalDavChanges | 'expired' {
  refuseWrongCredentials(responses);
  const first = responses[0];
  const raw = first?.raw as { multistatus?: { syncToken?: unknown } } | undefined;
  const token = textOf(raw?.multistatus?.syncToken);
  if (!token) {
    if (first && [400, 403, 409, 412].includes(first.status ?? 0)) return 'expired';
    throw new AppError('UNAVAILABLE', `The CalDAV server answered ${first?.status ?? 'nothing'} to a sync-collection`);
  }
  const changes: CalDavChanges = { token, changed: [], removed: [] };
  for (const r of responses) {
    if (!r.href) continue;
    const url = new URL(r.href, calendarUrl).href;
    if (url === calendarUrl) continue;
    if (r.status === 404) changes.removed.push(url);
    else changes.changed.push({ url, etag: textOf(r.props?.getetag) || null });
  }
  return changes;
}

export function openSession(credentials: Omit<CalDavCredentials, 'url'>, allowPrivate: boolean): CalDavSession {
  const headers = basicAuth(credentials.username, credentials.password);
  const fetch = guardedFetch(allowPrivate);
  const guarded = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw unreachable(error);
    }
  };
  return {
    calendars: () =>
      guarded(async () => {
        const responses = await propfind({
          url: credentials.homeUrl,
          props: {
            'd:displayname': {},
            'd:resourcetype': {},
            'd:sync-token': {},
            'cs:getctag': {},
            'c:supported-calendar-component-set': {},
          },
          depth: '1',
          headers,
          fetch,
        });
        refuseWrongCredentials(responses);
        return responses.flatMap((r): CalDavCalendar[] => {
          const props = r.props ?? {};
          if (!r.href || !Object.keys(props.resourcetype ?? {}).includes('calendar')) return [];
          const components = componentNames(props.supportedCalendarComponentSet);
          if (components.length > 0 && !components.includes('VEVENT')) return [];
          const url = new URL(r.href, credentials.homeUrl).href;
          const syncToken = textOf(props.syncToken);
          const version = syncToken || textOf(props.getctag) || null;
          const name = textOf(props.displayname) || decodeURIComponent(url.split('/').filter(Boolean).pop() ?? url);
          return [{ url, name, version, syncsByToken: syncToken !== '' }];
        });
      }),
    eventsBetween: (calendarUrl, from, to) =>
      guarded(async () => {
        const responses = await calendarQuery({
          url: calendarUrl,
          props: { 'd:getetag': {}, 'c:calendar-data': {} },
          filters: {
            'comp-filter': {
              _attributes: { name: 'VCALENDAR' },
              'comp-filter': {
                _attributes: { name: 'VEVENT' },
                'time-range': { _attributes: { start: davTime(from), end: davTime(to) } },
              },
            },
          },
          depth: '1',
          headers,
          fetch,
        });
        return withData(responses, calendarUrl);
      }),
    changesSince: (calendarUrl, token) =>
      guarded(async () => {
        const responses = await syncCollection({
          url: calendarUrl,
          props: { 'd:getetag': {} },
          syncLevel: 1,
          syncToken: token,
          headers: { ...headers, depth: '0' },
          fetch,
        });
        return changesOf(responses, calendarUrl);
      }),
    objectsAt: (calendarUrl, urls) =>
      guarded(async () => {
        if (urls.length === 0) return [];
        const responses = await calendarMultiGet({
          url: calendarUrl,
          props: { 'd:getetag': {}, 'c:calendar-data': {} },
          objectUrls: urls.map((u) => new URL(u).pathname),
          depth: '1',
          headers,
          fetch,
        });
        return withData(responses, calendarUrl);
      }),
    create: (url, data) =>
      guarded(async () => {
        const response = await createObject({
          url,
          data,
          headers: { ...headers, 'content-type': 'text/calendar; charset=utf-8' },
          fetch,
        });
        if (response.status === 412) return 'exists';
        checked(response, 'a new event');
        return { etag: response.headers.get('etag') };
      }),
    update: (url, etag, data) =>
      guarded(async () => {
        const response = await updateObject({
          url,
          data,
          etag,
          headers: { ...headers, 'content-type': 'text/calendar; charset=utf-8' },
          fetch,
        });
        if (response.status === 412) return 'changed';
        if (response.status === 404 || response.status === 410) return 'gone';
        checked(response, 'a changed event');
        return { etag: response.headers.get('etag') };
      }),
    remove: (url, etag) =>
      guarded(async () => {
        const response = await deleteObject({ url, etag, headers, fetch });
        if (response.status === 412) return 'changed';
        if (response.status === 404 || response.status === 410) return 'gone';
        checked(response, 'a removed event');
        return 'removed';
      }),
  };
}

/**
 * RFC 6764 / 4791 discovery with tsdav: /.well-known/caldav, current-user-principal, calendar-home-set, from the
 * server's root, a principal or a calendar URL alike. Wrong credentials are a 400 the user can act on.
 */
export async function discoverHome(url: URL, username: string, password: string, allowPrivate: boolean): Promise<string> {
  const headers = basicAuth(username, password);
  try {
    const account = await createAccount({
      account: { serverUrl: url.href, accountType: 'caldav', credentials: { username, password } },
      headers,
      fetch: guardedFetch(allowPrivate),
    });
    if (!account.homeUrl) throw new AppError('BAD_REQUEST', 'No calendars were found at that CalDAV address');
    return account.homeUrl;
  } catch (error) {
    const failure = unreachable(error);
    if (failure instanceof ProviderAccessExpired) throw new AppError('BAD_REQUEST', WRONG_CREDENTIALS);
    if (failure.code === 'UNAVAILABLE' && /cannot find/i.test((error as Error).message ?? '')) {
      throw new AppError('BAD_REQUEST', 'No CalDAV calendars were found at that address');
    }
    if (failure.code === 'UNAVAILABLE') throw new AppError('BAD_REQUEST', failure.message);
    throw failure;
  }
}
