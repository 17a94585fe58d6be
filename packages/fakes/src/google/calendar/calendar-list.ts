import { fullSyncRequired, invalidParameter } from '../google-api-errors.js';
import { sendJson } from '../http/respond.js';
import type { Exchange } from '../../http/router.js';
import type { FakeState } from '../fake-state.js';
import { CALENDAR_LIST_SCOPES, calendarCaller } from './calendar-access.js';
import { collectionEtag } from './event-ids.js';
import { ACCESS_ROLES, type AccessRole, type FakeCalendar } from './fake-calendar.js';
import type { ResultSnapshot } from './list-cursors.js';

/** `GET users/me/calendarList` (calendar.calendarList.list): entries shaped like reference/responses/calendar.calendarList.list.200.json. */

/** "By default the value is 100 entries. The page size can never be larger than 250 entries." */
const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 250;

function calendarListEntry(calendar: FakeCalendar): Record<string, unknown> {
  const { settings } = calendar;
  return {
    kind: 'calendar#calendarListEntry',
    etag: `"${calendar.createdAt * 1000}"`,
    id: settings.id,
    summary: settings.summary,
    ...(settings.description !== undefined && { description: settings.description }),
    timeZone: settings.timeZone,
    colorId: settings.colorId,
    backgroundColor: settings.backgroundColor,
    foregroundColor: settings.foregroundColor,
    selected: true,
    accessRole: settings.accessRole,
    defaultReminders: settings.defaultReminders,
    ...(settings.primary && {
      notificationSettings: {
        notifications: ['eventCreation', 'eventChange', 'eventCancellation', 'eventResponse'].map((type) => ({
          type,
          method: 'email',
        })),
      },
      primary: true,
    }),
    conferenceProperties: { allowedConferenceSolutionTypes: ['hangoutsMeet'] },
  };
}

function pageSize(params: URLSearchParams): number {
  const value = params.get('maxResults');
  if (value === null) return DEFAULT_PAGE_SIZE;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw invalidParameter('maxResults');
  return Math.min(Number(value), MAX_PAGE_SIZE);
}

/** minAccessRole: freeBusyReader < reader < writer < owner. */
function minimumRole(params: URLSearchParams): AccessRole | undefined {
  const role = params.get('minAccessRole');
  if (role === null) return undefined;
  if (!(ACCESS_ROLES as readonly string[]).includes(role)) throw invalidParameter('minAccessRole');
  return role as AccessRole;
}

export function listCalendars(state: FakeState, exchange: Exchange): void {
  const { account } = calendarCaller(state, exchange, CALENDAR_LIST_SCOPES, 'calendar.v3.CalendarList.List');
  const params = exchange.url.searchParams;
  const scope = `calendarList\n${account.profile.sub}`;
  const syncToken = params.get('syncToken');
  // "minAccessRole query parameter cannot be specified together with nextSyncToken."
  if (syncToken !== null && params.has('minAccessRole')) throw invalidParameter('minAccessRole');
  const pageToken = params.get('pageToken');
  let snapshot: ResultSnapshot | undefined;
  if (pageToken !== null) {
    snapshot = state.cursors.resume(pageToken, scope);
    if (!snapshot) throw invalidParameter('pageToken');
  } else {
    let changedAfter = -1;
    if (syncToken !== null) {
      const checkpoint = state.cursors.readSyncToken(syncToken);
      if (!checkpoint || checkpoint.scope !== scope || checkpoint.generation !== account.syncGeneration) throw fullSyncRequired();
      changedAfter = checkpoint.changeSeq;
    }
    const role = minimumRole(params);
    const items = [...account.calendars.values()]
      .filter((calendar) => calendar.changeSeq > changedAfter)
      .filter(
        (calendar) => role === undefined || ACCESS_ROLES.indexOf(calendar.settings.accessRole) >= ACCESS_ROLES.indexOf(role),
      )
      .map(calendarListEntry);
    snapshot = { scope, items, checkpoint: { scope, changeSeq: state.clock.current, generation: account.syncGeneration } };
  }
  const page = state.cursors.takePage(snapshot, pageSize(params));
  sendJson(
    exchange.response,
    200,
    {
      kind: 'calendar#calendarList',
      etag: collectionEtag(snapshot.checkpoint.changeSeq),
      ...(page.nextPageToken !== undefined
        ? { nextPageToken: page.nextPageToken }
        : { nextSyncToken: state.cursors.issueSyncToken(snapshot.checkpoint) }),
      items: page.items,
    },
    { pretty: params.get('prettyPrint') !== 'false' },
  );
}
