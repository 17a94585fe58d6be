import { fullSyncRequired, invalidParameter } from '../google-api-errors.js';
import { sendJson } from '../http/respond.js';
import type { Exchange } from '../../http/router.js';
import type { FakeState } from '../fake-state.js';
import type { Caller } from '../oauth/bearer.js';
import { calendarCaller, calendarOf, EVENT_READ_SCOPES } from './calendar-access.js';
import { collectionEtag } from './event-ids.js';
import { renderEvent } from './event-render.js';
import { selectEvents } from './event-selection.js';
import { parseEventsQuery, type EventsQuery } from './events-query.js';
import type { FakeCalendar } from './fake-calendar.js';
import type { ResultSnapshot } from './list-cursors.js';

/** `GET calendars/{calendarId}/events` (calendar.events.list). */

/** The calendar's last change: the newest event `updated`, or when it was created. */
function lastUpdated(calendar: FakeCalendar): string {
  const times = [...calendar.events.values()].map(({ event }) => Date.parse(event.updated));
  return new Date(Math.max(calendar.createdAt, ...times)).toISOString();
}

/** The first page computes the whole result; sync tokens are checked here (410 fullSyncRequired when stale). */
function computeResult(
  state: FakeState,
  caller: Caller,
  calendar: FakeCalendar,
  query: EventsQuery,
  scope: string,
): ResultSnapshot {
  const { account } = caller;
  let changedAfter: number | undefined;
  if (query.syncToken !== undefined) {
    const checkpoint = state.cursors.readSyncToken(query.syncToken);
    if (!checkpoint || checkpoint.scope !== scope || checkpoint.generation !== account.syncGeneration) throw fullSyncRequired();
    changedAfter = checkpoint.changeSeq;
  }
  const checkpoint = { scope, changeSeq: state.clock.current, generation: account.syncGeneration };
  const view = { timeZone: query.timeZone ?? calendar.timeZone, minimalCancelled: !query.showDeleted };
  const items = selectEvents(calendar, { query, changedAfter, now: Date.now() }).map((event) => renderEvent(event, view));
  return { scope, items, checkpoint };
}

export function listEvents(state: FakeState, exchange: Exchange): void {
  const caller = calendarCaller(state, exchange, EVENT_READ_SCOPES, 'calendar.v3.Events.List');
  const calendar = calendarOf(caller, exchange.params.calendarId);
  const query = parseEventsQuery(exchange.url.searchParams);
  const scope = `events\n${caller.account.profile.sub}\n${calendar.id}`;
  const snapshot =
    query.pageToken === undefined
      ? computeResult(state, caller, calendar, query, scope)
      : state.cursors.resume(query.pageToken, scope);
  if (!snapshot) throw invalidParameter('pageToken');
  const page = state.cursors.takePage(snapshot, query.maxResults);
  const { settings } = calendar;
  sendJson(
    exchange.response,
    200,
    {
      kind: 'calendar#events',
      etag: collectionEtag(snapshot.checkpoint.changeSeq),
      summary: settings.summary,
      description: settings.description ?? '',
      updated: lastUpdated(calendar),
      timeZone: query.timeZone ?? calendar.timeZone,
      accessRole: settings.accessRole,
      defaultReminders: settings.defaultReminders,
      // "nextSyncToken … Omitted if further results are available, in which case nextPageToken is provided."
      ...(page.nextPageToken !== undefined
        ? { nextPageToken: page.nextPageToken }
        : { nextSyncToken: state.cursors.issueSyncToken(snapshot.checkpoint) }),
      items: page.items,
    },
    { pretty: exchange.url.searchParams.get('prettyPrint') !== 'false' },
  );
}
