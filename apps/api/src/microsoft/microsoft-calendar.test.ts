import { ADELE_VANCE, startFakeMicrosoft, type EventInput, type FakeMicrosoft } from '@breaker/fakes/microsoft';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  fakeMicrosoftEnv,
  MICROSOFT_TEST_CLIENT,
  signInWorkingEveryDay,
  appForSuite,
  TestClient,
} from '../app.test-support.js';

const USER = ADELE_VANCE.userPrincipalName;
const DELTA = '/v1.0/me/calendarView/delta';
const EVENTS = '/v1.0/me/events';
const BREAKER_TAG = 'String {b7e2a0c4-5f3d-4e8a-9c61-2d4f8a1b3e57} Name Breaker';

/** Tomorrow at a UTC hour, as Graph writes times (no offset, zone named beside it). */
function tomorrowAt(hour: number, minute = 0): { dateTime: string; timeZone: string } {
  const at = DateTime.utc().plus({ days: 1 }).startOf('day').set({ hour, minute });
  return { dateTime: at.toFormat("yyyy-LL-dd'T'HH:mm:ss"), timeZone: 'UTC' };
}
const tomorrow = DateTime.utc().plus({ days: 1 }).startOf('day');
const allDay = (days: number) => ({ dateTime: tomorrow.plus({ days }).toFormat("yyyy-LL-dd'T'00:00:00"), timeZone: 'UTC' });

const WEEK: EventInput[] = [
  { id: 'standup', subject: 'Standup', start: tomorrowAt(9), end: tomorrowAt(9, 30), showAs: 'busy', isOnlineMeeting: true },
  {
    id: 'declined',
    subject: 'Declined review',
    start: tomorrowAt(11),
    end: tomorrowAt(12),
    responseStatus: { response: 'declined' },
  },
  { id: 'focus', subject: 'Focus time', start: tomorrowAt(13), end: tomorrowAt(14), showAs: 'free' },
  { id: 'workshop', subject: 'Workshop', start: tomorrowAt(14), end: tomorrowAt(16), showAs: 'tentative' },
  { id: 'cancelled', subject: 'Cancelled sync', start: tomorrowAt(16), end: tomorrowAt(17), isCancelled: true },
  { id: 'remote', subject: 'Working from home', start: tomorrowAt(8), end: tomorrowAt(18), showAs: 'workingElsewhere' },
  { id: 'holiday', subject: 'Conference', start: allDay(2), end: allDay(3), isAllDay: true, showAs: 'tentative' },
  { id: 'away', subject: 'Away', start: allDay(3), end: allDay(4), isAllDay: true, showAs: 'oof' },
];
const BLOCKS = {
  Standup: true,
  'Declined review': false,
  'Focus time': false,
  Workshop: true,
  'Cancelled sync': false,
  'Working from home': false,
  Conference: false,
  Away: true,
};

/** Each event's `showAs` in Breaker's words, as the calendar answer carries it. */
const SHOWN_AS = {
  Standup: 'busy',
  'Declined review': 'busy',
  'Focus time': 'free',
  Workshop: 'tentative',
  'Cancelled sync': 'busy',
  'Working from home': 'workingElsewhere',
  Conference: 'tentative',
  Away: 'outOfOffice',
};

const deltaCalls = (microsoft: FakeMicrosoft) => microsoft.calls.filter((call) => call.path === DELTA);
const writes = (microsoft: FakeMicrosoft) =>
  microsoft.calls.filter((call) => call.method !== 'GET' && call.path.startsWith(EVENTS));
const breakerEvents = (microsoft: FakeMicrosoft) =>
  microsoft.storedEvents(USER).filter((event) => event.extendedProperties[BREAKER_TAG] === 'break');

describe('Microsoft calendar connection, sync and write-back through the fake Microsoft', () => {
  let microsoft: FakeMicrosoft;
  let client: TestClient;
  let userId: string;

  beforeAll(async () => {
    // Pages of two events: every read follows nextLinks, as a real mailbox's would.
    microsoft = await startFakeMicrosoft({ clients: [MICROSOFT_TEST_CLIENT], autoApprove: true, maxPageSize: 2 });
    microsoft.setEvents(USER, WEEK);
  });
  afterAll(() => microsoft?.close());
  const subject = appForSuite('pglite', () => ({ env: fakeMicrosoftEnv(microsoft.origin) }));
  beforeAll(async () => {
    ({ client, userId } = await signInWorkingEveryDay(subject.app, 'adele'));
  });

  async function connect(browser: TestClient) {
    const { authorize } = await browser.redirectToProvider('/api/auth/microsoft/calendar');
    expect(authorize.searchParams.get('scope')).toContain('Calendars.ReadWrite');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    return browser.returnFromProvider(authorize);
  }

  const titles = async () =>
    (await client.request('GET', '/api/calendar-events'))
      .json<{ title: string }[]>()
      .map((event) => event.title)
      .sort();

  it('sends a signed-out browser back with session_lost, and a denied consent with calendar_oauth_failed', async () => {
    expect((await new TestClient(subject.app).request('GET', '/api/auth/microsoft/calendar')).headers.location).toBe(
      '/calendar?error=session_lost',
    );
    microsoft.denyNextAuthorization();
    expect((await connect(client)).headers.location).toBe('/calendar?error=calendar_oauth_failed');
    expect((await client.request('GET', '/api/auth/user')).json()).toMatchObject({ calendarProvider: null });
  });

  it('connects, reads every page of the window in UTC, and applies the busy rules', async () => {
    expect((await connect(client)).headers.location).toBe('/calendar?success=calendar_connected');
    expect((await client.request('GET', '/api/auth/user')).json()).toMatchObject({ calendarProvider: 'microsoft' });
    microsoft.resetCalls();
    microsoft.loseSyncState(USER);
    expect((await client.request('POST', `/api/calendar/sync/${userId}`)).statusCode).toBe(200);
    const first = deltaCalls(microsoft).find((call) => 'startDateTime' in call.query);
    expect(first).toBeDefined();
    expect(deltaCalls(microsoft).filter((call) => '$skiptoken' in call.query).length).toBeGreaterThanOrEqual(3);
    const events = (await client.request('GET', '/api/calendar-events')).json<
      { title: string; blocksTime: boolean; isAllDay: boolean; showAs: string }[]
    >();
    expect(Object.fromEntries(events.map((event) => [event.title, event.blocksTime]))).toEqual(BLOCKS);
    expect(Object.fromEntries(events.map((event) => [event.title, event.showAs]))).toEqual(SHOWN_AS);
    expect(events.find((event) => event.title === 'Away')?.isAllDay).toBe(true);
    const calls = await subject.db.selectFrom('calendar_events').select(['title', 'call']).where('call', '=', true).execute();
    expect(calls.map((event) => event.title)).toEqual(['Standup']);
    const breaks = (await client.request('GET', '/api/upcoming-breaks')).json<{ scheduledTime: string; duration: number }[]>();
    expect(breaks.length).toBeGreaterThan(0);
  });

  it("blocks what the user's setting says: working elsewhere, once chosen, keeps tomorrow free of breaks, with no new read", async () => {
    const blocking = async () =>
      Object.fromEntries(
        (await client.request('GET', '/api/calendar-events'))
          .json<{ title: string; blocksTime: boolean }[]>()
          .map((event) => [event.title, event.blocksTime]),
      );
    const tomorrowsBreaks = async () =>
      (await client.request('GET', '/api/upcoming-breaks'))
        .json<{ scheduledTime: string }[]>()
        .filter((entry) => DateTime.fromISO(entry.scheduledTime, { zone: 'utc' }).hasSame(tomorrow, 'day'));
    expect((await tomorrowsBreaks()).length).toBeGreaterThan(0);
    microsoft.resetCalls();

    const saved = await client.request('PUT', '/api/user/preferences', {
      preferences: { blockingStatuses: ['workingElsewhere'] },
    });
    expect(saved.json<{ blockingStatuses: string[] }>().blockingStatuses).toEqual(['workingElsewhere']);
    expect(await blocking()).toEqual({ ...BLOCKS, Workshop: false, Away: false, 'Working from home': true });
    // Working from home spans tomorrow's work hours (08:00–18:00): the re-plan leaves no break there.
    expect(await tomorrowsBreaks()).toEqual([]);
    expect(deltaCalls(microsoft)).toEqual([]);

    await client.request('PUT', '/api/user/preferences', { preferences: { blockingStatuses: ['tentative', 'outOfOffice'] } });
    expect(await blocking()).toEqual(BLOCKS);
    expect((await tomorrowsBreaks()).length).toBeGreaterThan(0);
  });

  it('writes the upcoming breaks as free, tagged events, idempotently, and touches nothing else', async () => {
    const upcoming = async () =>
      (await client.request('GET', '/api/upcoming-breaks'))
        .json<{ id: string; scheduledTime: string; completedAt: string | null; skipped: boolean }[]>()
        .filter((b) => Date.parse(b.scheduledTime) > Date.now() && !b.completedAt && !b.skipped);
    const planned = await upcoming();
    await eventually(() => breakerEvents(microsoft).length === planned.length);
    const written = breakerEvents(microsoft);
    expect(written.every((event) => event.showAs === 'free' && event.subject.endsWith('· Breaker'))).toBe(true);
    expect(written.every((event) => event.transactionId?.startsWith('breaker-'))).toBe(true);
    expect(written.map((event) => event.start.getTime()).sort()).toEqual(planned.map((b) => Date.parse(b.scheduledTime)).sort());

    // A refresh plans the same times again: nothing is written.
    microsoft.resetCalls();
    await client.request('POST', `/api/refresh-breakers/${userId}`);
    await eventually(() => microsoft.calls.some((call) => call.path === '/v1.0/me/calendarView'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(writes(microsoft)).toEqual([]);

    const [first, second] = await upcoming();
    await client.request('PATCH', `/api/break-sessions/${first!.id}`, { skipped: true });
    await client.request('DELETE', `/api/break-sessions/${second!.id}`);
    await eventually(() => breakerEvents(microsoft).length === planned.length - 2);
    await client.request('PUT', '/api/user/preferences', { preferences: { calendarBookingEnabled: false } });
    await eventually(() => breakerEvents(microsoft).length === 0);
    await client.request('PUT', '/api/user/preferences', { preferences: { calendarBookingEnabled: true } });
    await eventually(() => breakerEvents(microsoft).length === planned.length - 2);
    const meetings = microsoft.storedEvents(USER).filter((event) => !event.extendedProperties[BREAKER_TAG]);
    expect(meetings.map((event) => event.subject).sort()).toEqual(Object.keys(BLOCKS).sort());
    expect(meetings.every((event) => event.lastModifiedDateTime <= event.createdDateTime)).toBe(true);

    // Breaker's own events come back through delta: they are not meetings.
    await client.request('POST', `/api/calendar/sync/${userId}`);
    expect((await titles()).some((title) => title.endsWith('· Breaker'))).toBe(false);
  });

  it('creates no second event when a create happened but its answer was lost (transactionId)', async () => {
    const count = breakerEvents(microsoft).length;
    await client.request('PUT', '/api/user/preferences', { preferences: { calendarBookingEnabled: false } });
    await eventually(() => breakerEvents(microsoft).length === 0);
    microsoft.resetCalls();
    microsoft.hangNext({ path: EVENTS, ms: 3000, afterHandling: true });
    await client.request('PUT', '/api/user/preferences', { preferences: { calendarBookingEnabled: true } });
    await eventually(() => writes(microsoft).filter((call) => call.method === 'POST').length === count + 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(breakerEvents(microsoft)).toHaveLength(count);
    expect(new Set(breakerEvents(microsoft).map((event) => event.transactionId)).size).toBe(count);
  });

  it('re-syncs an unchanged calendar with exactly one request and no writes', async () => {
    await client.request('POST', `/api/calendar/sync/${userId}`);
    const before = await subject.db.selectFrom('calendar_events').select(['id', 'updated_at']).orderBy('id').execute();
    microsoft.resetCalls();
    await client.request('POST', `/api/calendar/sync/${userId}`);
    expect(microsoft.calls).toHaveLength(1);
    expect(microsoft.calls[0]).toMatchObject({ method: 'GET', path: DELTA });
    expect(microsoft.calls[0]?.query).toHaveProperty('$deltatoken');
    expect(await subject.db.selectFrom('calendar_events').select(['id', 'updated_at']).orderBy('id').execute()).toEqual(before);
  });

  it('picks up changes and deletions through the delta link and moves the breaks around them', async () => {
    microsoft.upsertEvent(USER, {
      id: 'lunch',
      subject: 'Team lunch',
      start: tomorrowAt(12),
      end: tomorrowAt(13),
      showAs: 'busy',
    });
    microsoft.deleteEvent(USER, 'standup');
    microsoft.resetCalls();
    await client.request('POST', `/api/calendar/sync/${userId}`);
    expect(deltaCalls(microsoft).every((call) => !('startDateTime' in call.query))).toBe(true);
    expect(await titles()).toContain('Team lunch');
    expect(await titles()).not.toContain('Standup');
    const future = (await client.request('GET', '/api/upcoming-breaks'))
      .json<{ scheduledTime: string; completedAt: string | null; skipped: boolean }[]>()
      .filter((b) => Date.parse(b.scheduledTime) > Date.now() && !b.completedAt && !b.skipped)
      .map((b) => Date.parse(b.scheduledTime));
    const lunch = [Date.parse(`${tomorrowAt(12).dateTime}Z`), Date.parse(`${tomorrowAt(13).dateTime}Z`)] as const;
    expect(future.every((start) => start < lunch[0] - 60_000 || start >= lunch[1])).toBe(true);
    await eventually(() => {
      const written = breakerEvents(microsoft).map((event) => event.start.getTime());
      return JSON.stringify(written.sort()) === JSON.stringify([...future].sort());
    });
  });

  it('reads the window in full again when the sync state is lost (410 syncStateNotFound), losing nothing', async () => {
    const before = await titles();
    microsoft.loseSyncState(USER);
    microsoft.resetCalls();
    expect((await client.request('POST', `/api/calendar/sync/${userId}`)).statusCode).toBe(200);
    expect(deltaCalls(microsoft).filter((call) => '$deltatoken' in call.query)).toHaveLength(1);
    expect(deltaCalls(microsoft).filter((call) => 'startDateTime' in call.query)).toHaveLength(1);
    expect(await titles()).toEqual(before);
  });

  it('retries throttling (429 with Retry-After) and unavailable service (503, 504), then succeeds without duplicates', async () => {
    const before = await titles();
    microsoft.failNext({ path: DELTA, status: 429, retryAfterSeconds: 1 });
    microsoft.failNext({ path: DELTA, status: 503 });
    microsoft.failNext({ path: DELTA, status: 504 });
    microsoft.resetCalls();
    expect((await client.request('POST', `/api/calendar/sync/${userId}`)).statusCode).toBe(200);
    expect(deltaCalls(microsoft)).toHaveLength(4);
    expect(await titles()).toEqual(before);
  });

  it('gives up on a hanging request and retries it', async () => {
    microsoft.hangNext({ path: DELTA, ms: 3000 });
    microsoft.resetCalls();
    expect((await client.request('POST', `/api/calendar/sync/${userId}`)).statusCode).toBe(200);
    expect(deltaCalls(microsoft)).toHaveLength(2);
  });

  it('marks the connection for reconnection when the grant is revoked (invalid_grant), and reconnects', async () => {
    const before = await titles();
    // The fake drops the user's access tokens too: Graph answers 401, the refresh answers invalid_grant (AADSTS50173).
    microsoft.loseGrants(USER, 'revoked');
    expect((await client.request('POST', `/api/calendar/sync/${userId}`)).json()).toMatchObject({ needsReconnection: true });
    expect(await titles()).toEqual(before);
    expect((await connect(client)).headers.location).toBe('/calendar?success=calendar_connected');
    expect((await client.request('POST', `/api/calendar/sync/${userId}`)).json()).not.toHaveProperty('needsReconnection');
  });

  it("disconnects, taking Breaker's events out of Outlook and leaving everything else", async () => {
    await eventually(() => breakerEvents(microsoft).length > 0);
    const meetings = () => microsoft.storedEvents(USER).filter((event) => !event.extendedProperties[BREAKER_TAG]);
    const before = meetings().map((event) => `${event.id} ${event.lastModifiedDateTime.toISOString()}`);
    microsoft.resetCalls();
    expect((await client.request('DELETE', '/api/calendar/microsoft')).json()).toEqual({ ok: true });
    expect(breakerEvents(microsoft)).toEqual([]);
    expect(meetings().map((event) => `${event.id} ${event.lastModifiedDateTime.toISOString()}`)).toEqual(before);
    expect(writes(microsoft).every((call) => call.method === 'DELETE')).toBe(true);
    expect((await client.request('GET', '/api/auth/user')).json()).toMatchObject({ calendarProvider: null });
    expect((await client.request('DELETE', '/api/calendar/microsoft')).statusCode).toBe(404);
  });
});
