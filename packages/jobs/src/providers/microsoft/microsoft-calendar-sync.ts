import {
  applyEventChanges,
  findSyncState,
  replaceConnectionEvents,
  saveSyncState,
  type CalendarConnectionRow,
} from '@breaker/db';
import type { JobDeps } from '../../job-deps.js';
import type { SyncOutcome, SyncWindow } from '../calendar-provider.js';
import { GraphFailure, type GraphClient } from './graph-client.js';
import { changesInWindow, upsertedEvents, type EventChange } from '../event-changes.js';
import { toEventChange, type GraphEvent } from './graph-events.js';

/** The default calendar's view: the one row of sync state this connection keeps. */
const CALENDAR_ID = 'calendarView';
/** Graph's largest page, so a week of meetings is one request. */
const PAGE_SIZE = 1000;
/** Times come back in UTC whatever the mailbox's zone: one reading, no Windows zone names. */
const PREFER = `outlook.timezone="UTC", odata.maxpagesize=${PAGE_SIZE}`;

interface DeltaPage {
  value: GraphEvent[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

/** Follows `@odata.nextLink` to the end of the round; the last page's `@odata.deltaLink` asks for changes next time. */
async function readRound(
  graph: GraphClient,
  firstLink: string,
  timeZone: string,
): Promise<{ changes: EventChange[]; deltaLink: string }> {
  const changes: EventChange[] = [];
  let link = firstLink;
  for (;;) {
    const { body } = await graph.request<DeltaPage>('GET', link, { headers: { prefer: PREFER } });
    for (const item of body.value) {
      const change = toEventChange(item, CALENDAR_ID, timeZone);
      if (change) changes.push(change);
    }
    if (body['@odata.deltaLink']) return { changes, deltaLink: body['@odata.deltaLink'] };
    if (!body['@odata.nextLink']) throw new Error('Microsoft Graph ended a delta round without a link');
    link = body['@odata.nextLink'];
  }
}

/** Graph's signal that a delta token no longer works: 410 Gone, or the codes its overview names for it. */
function syncStateLost(error: unknown): boolean {
  if (!(error instanceof GraphFailure)) return false;
  return error.response.status === 410 || error.code === 'syncStateNotFound' || error.code === 'resyncRequired';
}

async function incremental(
  deps: JobDeps,
  graph: GraphClient,
  connection: CalendarConnectionRow,
  window: SyncWindow,
  deltaLink: string,
  windowEnd: Date | null,
): Promise<SyncOutcome> {
  const round = await readRound(graph, deltaLink, window.timeZone);
  const { busyChanged } = await applyEventChanges(deps.db, connection, changesInWindow(round.changes, window));
  if (round.deltaLink !== deltaLink)
    await saveSyncState(deps.db, connection.id, CALENDAR_ID, { syncToken: round.deltaLink, windowEnd });
  return { busyChanged, eventsChanged: round.changes.length, mode: 'incremental' };
}

/**
 * A full read of the window through `calendarView/delta`, then only the changes through its delta link until the
 * window must move on; a lost sync state (410 `syncStateNotFound`) reads the window in full again.
 */
export async function syncMicrosoftCalendar(
  deps: JobDeps,
  graph: GraphClient,
  connection: CalendarConnectionRow,
  window: SyncWindow,
): Promise<SyncOutcome> {
  const state = await findSyncState(deps.db, connection.id, CALENDAR_ID);
  if (state.syncToken && state.windowEnd !== null && state.windowEnd >= window.to) {
    try {
      return await incremental(deps, graph, connection, window, state.syncToken, state.windowEnd);
    } catch (error) {
      if (!syncStateLost(error)) throw error;
      deps.log.info({ connectionId: connection.id }, 'Microsoft sync state lost; reading the calendar in full');
    }
  }
  const query = new URLSearchParams({ startDateTime: window.from.toISOString(), endDateTime: window.to.toISOString() });
  const round = await readRound(graph, `/me/calendarView/delta?${query.toString()}`, window.timeZone);
  const { busyChanged, stored } = await replaceConnectionEvents(deps.db, connection, upsertedEvents(round.changes));
  await saveSyncState(deps.db, connection.id, CALENDAR_ID, { syncToken: round.deltaLink, windowEnd: window.to });
  return { busyChanged, eventsChanged: stored, mode: 'full' };
}
