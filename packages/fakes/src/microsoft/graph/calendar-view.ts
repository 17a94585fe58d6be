import { route, type Exchange, type Route } from '../../http/router.js';
import type { FakeState } from '../fake-state.js';
import { type MicrosoftError, sendJson } from '../http/respond.js';
import type { AccountEntry } from '../state/accounts.js';
import type { StoredEvent } from '../state/mailbox.js';
import type { PageCursor } from './delta-cursors.js';
import { renderEvent, removedEntry } from './event-resource.js';
import { graphError, invalidRequest } from './graph-errors.js';
import { caller, GRAPH_VERSION, preferences, responseZone } from './graph-request.js';

const READ_SCOPES = ['Calendars.Read', 'Calendars.ReadWrite'];
const DELTA_PATH = `${GRAPH_VERSION}/me/calendarView/delta`;
/** Graph's pages do not document the default page size of calendarView delta; the fake uses 10. */
const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 1000;
const CONTEXT = 'https://graph.microsoft.com/v1.0/$metadata#Collection(event)';

const overlaps = (event: StoredEvent, from: Date, to: Date): boolean => event.end > from && event.start < to;

/** startDateTime/endDateTime: ISO 8601, UTC when they carry no offset (graph.calendar-list-calendarview.md). */
function window(url: URL): { from: Date; to: Date } {
  const read = (name: string): Date | undefined => {
    const value = url.searchParams.get(name);
    if (!value) return undefined;
    const date = new Date(/[zZ]|[+-]\d{2}:\d{2}$/.test(value) ? value : `${value}Z`);
    if (Number.isNaN(date.getTime())) throw invalidRequest(`The value '${value}' of parameter '${name}' is invalid.`);
    return date;
  };
  const from = read('startDateTime');
  const to = read('endDateTime');
  if (!from || !to)
    throw invalidRequest(
      'This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.',
    );
  return { from, to };
}

function pageSize(state: FakeState, exchange: Exchange): number {
  const asked = Number(preferences(exchange).get('odata.maxpagesize'));
  const size = Number.isInteger(asked) && asked > 0 ? Math.min(asked, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  return Math.min(size, state.maxPageSize);
}

function appliedPreferences(exchange: Exchange): Record<string, string> {
  const prefer = preferences(exchange);
  const applied = [...prefer.entries()]
    .filter(([name]) => name === 'odata.maxpagesize' || name === 'outlook.timezone')
    .map(([name, value]) => (name === 'outlook.timezone' ? `${name}="${value}"` : `${name}=${value}`));
  return applied.length > 0 ? { 'preference-applied': applied.join(', ') } : {};
}

/** A lost or expired sync state: 410 Gone with a Location to start over (graph.concept.delta-query-overview.md). */
function syncStateNotFound(state: FakeState): MicrosoftError {
  return graphError(410, 'syncStateNotFound', 'The sync state generation is not found. Please do a full resync.', {
    location: `${state.origin}${DELTA_PATH}?$deltatoken=`,
  });
}

function refuseUnsupportedOptions(url: URL): void {
  for (const option of ['$select', '$expand', '$filter', '$orderby', '$search'])
    if (url.searchParams.has(option)) throw invalidRequest(`The query parameter '${option}' is not supported with delta.`);
}

/** The cursor a request continues: a `$skiptoken` page, a `$deltatoken` round, or a first round over the window. */
function startOrContinue(state: FakeState, account: AccountEntry, url: URL): PageCursor {
  const { mailbox, profile } = account;
  const skipToken = url.searchParams.get('$skiptoken');
  if (skipToken !== null) {
    const cursor = state.cursors.page(skipToken);
    if (!cursor || cursor.oid !== profile.oid) throw invalidRequest('The skip token is not valid.');
    if (cursor.generation !== mailbox.syncGeneration) throw syncStateNotFound(state);
    return cursor;
  }
  const deltaToken = url.searchParams.get('$deltatoken');
  if (deltaToken !== null) {
    const delta = state.cursors.delta(deltaToken);
    if (!delta || delta.oid !== profile.oid || delta.generation !== mailbox.syncGeneration) throw syncStateNotFound(state);
    const changed = [...mailbox.events.values()].filter((event) => event.seq > delta.seq).sort((a, b) => a.seq - b.seq);
    return { ...delta, ids: changed.map((event) => event.id), offset: 0, seqAtStart: mailbox.currentSeq };
  }
  refuseUnsupportedOptions(url);
  const { from, to } = window(url);
  const inWindow = mailbox
    .liveEvents()
    .filter((event) => overlaps(event, from, to))
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  return {
    oid: profile.oid,
    generation: mailbox.syncGeneration,
    from,
    to,
    ids: inWindow.map((event) => event.id),
    offset: 0,
    seqAtStart: mailbox.currentSeq,
  };
}

/**
 * `GET /v1.0/me/calendarView/delta` (graph.event-delta.md): pages of events linked by `@odata.nextLink`, the last one
 * carrying `@odata.deltaLink`; that link later answers only what changed since, deletions and events that left the
 * window as `@removed`.
 */
function delta(state: FakeState): Route {
  return route('GET', DELTA_PATH, (exchange) => {
    const account = caller(state, exchange, READ_SCOPES);
    const cursor = startOrContinue(state, account, exchange.url);
    const zone = responseZone(exchange);
    const size = pageSize(state, exchange);
    const ids = cursor.ids.slice(cursor.offset, cursor.offset + size);
    const value = ids.map((id) => {
      const event = account.mailbox.live(id);
      return event && overlaps(event, cursor.from, cursor.to) ? renderEvent(event, zone) : removedEntry(id);
    });
    const more = cursor.offset + size < cursor.ids.length;
    const link = more
      ? {
          '@odata.nextLink': `${state.origin}${DELTA_PATH}?$skiptoken=${state.cursors.savePage({ ...cursor, offset: cursor.offset + size })}`,
        }
      : {
          '@odata.deltaLink': `${state.origin}${DELTA_PATH}?$deltatoken=${state.cursors.saveDelta({
            oid: cursor.oid,
            generation: cursor.generation,
            from: cursor.from,
            to: cursor.to,
            seq: cursor.seqAtStart,
          })}`,
        };
    sendJson(exchange.response, 200, { '@odata.context': CONTEXT, ...link, value }, appliedPreferences(exchange));
  });
}

/** `$filter=singleValueExtendedProperties/Any(ep: ep/id eq '…' and ep/value eq '…')`, the one filter the fake reads. */
const PROPERTY_FILTER =
  /^singleValueExtendedProperties\/Any\((\w+):\s*\1\/id eq '((?:[^']|'')*)' and \1\/value eq '((?:[^']|'')*)'\)$/;
const EXPAND = /^singleValueExtendedProperties\(\$filter=id eq '((?:[^']|'')*)'\)$/;
const unquote = (text: string): string => text.replace(/''/g, "'");

function eventFilter(url: URL): (event: StoredEvent) => boolean {
  const filter = url.searchParams.get('$filter');
  if (filter === null) return () => true;
  const match = PROPERTY_FILTER.exec(filter.trim());
  if (!match) throw invalidRequest(`The fake serves only a singleValueExtendedProperties/Any filter, not: ${filter}`);
  const id = unquote(match[2] ?? '');
  const value = unquote(match[3] ?? '').toLowerCase();
  // Names match case-sensitively, values case-insensitively (graph.singlevaluelegacyextendedproperty-get.md).
  return (event) => event.extendedProperties[id]?.toLowerCase() === value;
}

function expansion(url: URL): ((id: string) => boolean) | undefined {
  const expand = url.searchParams.get('$expand');
  if (expand === null) return undefined;
  const match = EXPAND.exec(expand.trim());
  if (!match) throw invalidRequest(`The fake expands only singleValueExtendedProperties($filter=id eq '…'), not: ${expand}`);
  const id = unquote(match[1] ?? '');
  return (candidate) => candidate === id;
}

/** `GET /v1.0/me/calendarView`: the window's events, `$top`/`$skip` paged, optionally filtered by a tag. */
function calendarView(state: FakeState): Route {
  return route('GET', `${GRAPH_VERSION}/me/calendarView`, (exchange) => {
    const { mailbox } = caller(state, exchange, READ_SCOPES);
    const { url } = exchange;
    const { from, to } = window(url);
    const matches = eventFilter(url);
    const expand = expansion(url);
    const asked = Number(url.searchParams.get('$top') ?? DEFAULT_PAGE_SIZE) || DEFAULT_PAGE_SIZE;
    const top = Math.min(asked, MAX_PAGE_SIZE, state.maxPageSize);
    const skip = Number(url.searchParams.get('$skip') ?? 0) || 0;
    const events = mailbox
      .liveEvents()
      .filter((event) => overlaps(event, from, to) && matches(event))
      .sort((a, b) => a.start.getTime() - b.start.getTime());
    const zone = responseZone(exchange);
    const page = events.slice(skip, skip + top).map((event) => renderEvent(event, zone, expand));
    const next = new URL(url.pathname + url.search, state.origin);
    next.searchParams.set('$skip', String(skip + top));
    const link = skip + top < events.length ? { '@odata.nextLink': next.toString() } : {};
    sendJson(exchange.response, 200, { '@odata.context': CONTEXT, ...link, value: page }, appliedPreferences(exchange));
  });
}

export function calendarViewRoutes(state: FakeState): Route[] {
  return [delta(state), calendarView(state)];
}
