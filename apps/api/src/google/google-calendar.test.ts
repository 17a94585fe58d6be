import { startFakeGoogle, type EventInput, type FakeGoogle } from '@breaker/fakes/google';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  fakeGoogleEnv,
  GOOGLE_TEST_CLIENT,
  signInWorkingEveryDay,
  appForSuite,
  TestClient,
} from '../app.test-support.js';

const EMAIL = 'margaret@example.com';
const ACCOUNT = {
  sub: '3003',
  email: EMAIL,
  name: 'Margaret Hamilton',
  givenName: 'Margaret',
  familyName: 'Hamilton',
  picture: 'https://example.com/m.png',
  timeZone: 'UTC',
};
const EVENTS_LIST = '/calendar/v3/calendars/primary/events';

/** Tomorrow at a UTC hour, as Google writes times. */
function tomorrowAt(hour: number, minute = 0): string {
  return DateTime.utc().plus({ days: 1 }).startOf('day').set({ hour, minute }).toISO() ?? '';
}

const WEEK: EventInput[] = [
  {
    id: 'standup',
    summary: 'Standup',
    start: { dateTime: tomorrowAt(9) },
    end: { dateTime: tomorrowAt(9, 30) },
    hangoutLink: 'https://meet.google.com/abc-defg-hij',
    conferenceData: {
      conferenceId: 'abc-defg-hij',
      conferenceSolution: { key: { type: 'hangoutsMeet' }, name: 'Google Meet' },
      entryPoints: [
        { entryPointType: 'video', uri: 'https://meet.google.com/abc-defg-hij', label: 'meet.google.com/abc-defg-hij' },
      ],
    },
  },
  {
    id: 'declined',
    summary: 'Declined review',
    description: 'Join Zoom Meeting https://us02web.zoom.us/j/81234567890',
    start: { dateTime: tomorrowAt(11) },
    end: { dateTime: tomorrowAt(12) },
    attendees: [
      { email: EMAIL, self: true, responseStatus: 'declined' },
      { email: 'boss@example.com', organizer: true, responseStatus: 'accepted' },
    ],
  },
  {
    id: 'focus',
    summary: 'Focus time',
    transparency: 'transparent',
    start: { dateTime: tomorrowAt(13) },
    end: { dateTime: tomorrowAt(14) },
  },
  {
    id: 'workshop',
    summary: 'Workshop',
    location: 'https://zoom.us.workshop.example/room-4',
    start: { dateTime: tomorrowAt(14) },
    end: { dateTime: tomorrowAt(16) },
  },
];

/** Reads of the user's meetings (Breaker's own write-back lists only its events, by their private property). */
function eventsListCalls(google: FakeGoogle): number {
  return google.calls.filter(
    (call) => call.method === 'GET' && call.path === EVENTS_LIST && !('privateExtendedProperty' in call.query),
  ).length;
}

function breakerEvents(google: FakeGoogle) {
  return google
    .storedEvents(EMAIL, EMAIL)
    .filter((e) => e.extendedProperties?.private?.['breaker'] === '1' && e.status !== 'cancelled');
}

describe('Google Calendar connection and sync through the fake Google', () => {
  let google: FakeGoogle;
  let client: TestClient;
  let userId: string;

  beforeAll(async () => {
    google = await startFakeGoogle({ clients: [GOOGLE_TEST_CLIENT], accounts: [ACCOUNT], autoApprove: true });
    google.setEvents(EMAIL, EMAIL, WEEK);
  });
  afterAll(() => google?.close());
  const subject = appForSuite('pglite', () => ({ env: fakeGoogleEnv(google.origin) }));
  beforeAll(async () => {
    ({ client, userId } = await signInWorkingEveryDay(subject.app, 'margaret'));
  });

  async function connect(browser: TestClient) {
    const { authorize } = await browser.redirectToProvider('/api/auth/google/calendar');
    expect(authorize.searchParams.get('scope')).toBe('openid email https://www.googleapis.com/auth/calendar.events');
    expect(authorize.searchParams.get('access_type')).toBe('offline');
    expect(authorize.searchParams.get('include_granted_scopes')).toBe('true');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    authorize.searchParams.set('login_hint', EMAIL);
    return browser.returnFromProvider(authorize);
  }

  it('sends a signed-out browser back with session_lost', async () => {
    const stranger = new TestClient(subject.app);
    expect((await stranger.request('GET', '/api/auth/google/calendar')).headers.location).toBe('/calendar?error=session_lost');
  });

  it('reports a denied consent as calendar_oauth_failed', async () => {
    google.denyNextAuthorization();
    expect((await connect(client)).headers.location).toBe('/calendar?error=calendar_oauth_failed');
    expect((await client.request('GET', '/api/auth/user')).json()).toMatchObject({ calendarProvider: null });
  });

  it('connects, syncs the events with the right busy times, and plans breaks around them', async () => {
    expect((await client.request('POST', `/api/calendar/sync/${userId}`)).json()).toMatchObject({ needsConnection: true });
    const landed = await connect(client);
    expect(landed.headers.location).toBe('/calendar?success=calendar_connected');
    expect((await client.request('GET', '/api/auth/user')).json()).toMatchObject({ calendarProvider: 'google' });

    const synced = await client.request('POST', `/api/calendar/sync/${userId}`);
    expect(synced.statusCode).toBe(200);
    const events = (await client.request('GET', '/api/calendar-events')).json<{ title: string; blocksTime: boolean }[]>();
    const byTitle = Object.fromEntries(events.map((e) => [e.title, e.blocksTime]));
    expect(byTitle).toEqual({ Standup: true, 'Declined review': false, 'Focus time': false, Workshop: true });
    const calls = await subject.db.selectFrom('calendar_events').select(['title', 'call']).execute();
    expect(Object.fromEntries(calls.map((e) => [e.title, e.call]))).toEqual({
      Standup: true,
      'Declined review': true,
      'Focus time': false,
      Workshop: false,
    });

    const breaks = (await client.request('GET', '/api/upcoming-breaks')).json<{ scheduledTime: string; duration: number }[]>();
    expect(breaks.length).toBeGreaterThan(0);
    const busy = WEEK.filter((e) => byTitle[e.summary ?? '']).map(
      (e) => [Date.parse(e.start?.dateTime ?? ''), Date.parse(e.end?.dateTime ?? '')] as const,
    );
    for (const b of breaks) {
      const start = Date.parse(b.scheduledTime);
      const end = start + b.duration * 60_000;
      for (const [from, to] of busy) expect(end <= from || start >= to).toBe(true);
    }
    const stored = JSON.stringify(await subject.db.selectFrom('break_sessions').select('id').execute());
    expect(stored).not.toContain('refresh');
    const connection = await subject.db.selectFrom('calendar_connections').selectAll().executeTakeFirstOrThrow();
    expect(connection.refresh_token_encrypted).toMatch(/^v1\./);
  });

  it('writes the upcoming breaks into the calendar as free time, keeps them in step, and touches nothing else', async () => {
    const upcoming = async () =>
      (await client.request('GET', '/api/upcoming-breaks'))
        .json<{ id: string; scheduledTime: string; completedAt: string | null; skipped: boolean }[]>()
        .filter((b) => Date.parse(b.scheduledTime) > Date.now() && !b.completedAt && !b.skipped);
    const planned = await upcoming();
    await eventually(() => breakerEvents(google).length === planned.length);
    expect(breakerEvents(google).every((e) => e.transparency === 'transparent' && e.summary?.endsWith('· Breaker'))).toBe(true);

    google.resetCalls();
    await client.request('POST', `/api/refresh-breakers/${userId}`);
    await eventually(() => google.calls.some((call) => 'privateExtendedProperty' in call.query));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(google.calls.filter((call) => call.method !== 'GET' && call.path.startsWith(EVENTS_LIST))).toEqual([]);

    // A refresh makes new sessions for the same times; their events stay.
    const replanned = await upcoming();
    expect(replanned.map((b) => b.scheduledTime)).toEqual(planned.map((b) => b.scheduledTime));
    const [first, second] = replanned;
    await client.request('PATCH', `/api/break-sessions/${first!.id}`, { skipped: true });
    await client.request('DELETE', `/api/break-sessions/${second!.id}`);
    await eventually(() => breakerEvents(google).length === planned.length - 2);
    await client.request('PUT', '/api/user/preferences', { preferences: { calendarBookingEnabled: false } });
    await eventually(() => breakerEvents(google).length === 0);
    await client.request('PUT', '/api/user/preferences', { preferences: { calendarBookingEnabled: true } });
    await eventually(() => breakerEvents(google).length === planned.length - 2);
    const meetings = google.storedEvents(EMAIL, EMAIL).filter((e) => !e.extendedProperties?.private?.['breaker']);
    expect(meetings.map((e) => e.summary).sort()).toEqual(['Declined review', 'Focus time', 'Standup', 'Workshop']);
    await client.request('POST', `/api/calendar/sync/${userId}`);
    const titles = (await client.request('GET', '/api/calendar-events')).json<{ title: string }[]>().map((e) => e.title);
    expect(titles.some((title) => title.endsWith('· Breaker'))).toBe(false);
  });

  it('gives the breaks written to the calendar a popup as they start, and none with calendar alerts off', async () => {
    const popupAtStart = { useDefault: false, overrides: [{ method: 'popup', minutes: 0 }] };
    await eventually(() => breakerEvents(google).length > 0);
    expect(breakerEvents(google).map((e) => e.reminders)).toEqual(breakerEvents(google).map(() => popupAtStart));
    const saved = await client.request('PUT', '/api/user/preferences', { preferences: { calendarAlertsEnabled: false } });
    expect(saved.json()).toMatchObject({ calendarAlertsEnabled: false, reminderLeadMinutes: 1 });
    const silent = { useDefault: false, overrides: [] };
    await eventually(() => breakerEvents(google).every((e) => JSON.stringify(e.reminders) === JSON.stringify(silent)));
    await client.request('PUT', '/api/user/preferences', { preferences: { calendarAlertsEnabled: true } });
    await eventually(() => breakerEvents(google).every((e) => JSON.stringify(e.reminders) === JSON.stringify(popupAtStart)));
  });

  it('re-syncs an unchanged calendar with exactly one events.list call and no writes', async () => {
    const before = await subject.db.selectFrom('calendar_events').select(['id', 'updated_at']).orderBy('id').execute();
    google.resetCalls();
    await client.request('POST', `/api/calendar/sync/${userId}`);
    expect(eventsListCalls(google)).toBe(1);
    expect(google.calls.find((call) => call.path === EVENTS_LIST)?.query).toHaveProperty('syncToken');
    expect(await subject.db.selectFrom('calendar_events').select(['id', 'updated_at']).orderBy('id').execute()).toEqual(before);
  });

  it('picks up a change incrementally and re-plans around it', async () => {
    google.upsertEvent(EMAIL, EMAIL, {
      id: 'lunch',
      summary: 'Team lunch',
      start: { dateTime: tomorrowAt(12) },
      end: { dateTime: tomorrowAt(13) },
    });
    google.resetCalls();
    await client.request('POST', `/api/calendar/sync/${userId}`);
    expect(eventsListCalls(google)).toBe(1);
    const titles = (await client.request('GET', '/api/calendar-events')).json<{ title: string }[]>().map((e) => e.title);
    expect(titles).toContain('Team lunch');
    const breaks = (await client.request('GET', '/api/upcoming-breaks')).json<{ scheduledTime: string }[]>();
    const lunch = [Date.parse(tomorrowAt(12)), Date.parse(tomorrowAt(13))];
    expect(
      breaks.every((b) => Date.parse(b.scheduledTime) < lunch[0]! - 60_000 || Date.parse(b.scheduledTime) >= lunch[1]!),
    ).toBe(true);
    // The calendar follows: Breaker's events sit exactly at the upcoming breaks, moved ones included.
    const future = (await client.request('GET', '/api/upcoming-breaks'))
      .json<{ scheduledTime: string; completedAt: string | null; skipped: boolean }[]>()
      .filter((b) => Date.parse(b.scheduledTime) > Date.now() && !b.completedAt && !b.skipped)
      .map((b) => Date.parse(b.scheduledTime));
    await eventually(() => {
      const written = breakerEvents(google).map((e) => Date.parse(e.start?.dateTime ?? ''));
      return JSON.stringify(written.sort()) === JSON.stringify([...future].sort());
    });
  });

  it('recovers from an expired sync token (410) with a full sync, losing nothing', async () => {
    google.invalidateSyncTokens(EMAIL);
    google.resetCalls();
    const result = await client.request('POST', `/api/calendar/sync/${userId}`);
    expect(result.statusCode).toBe(200);
    expect(eventsListCalls(google)).toBe(2);
    const titles = (await client.request('GET', '/api/calendar-events'))
      .json<{ title: string }[]>()
      .map((e) => e.title)
      .sort();
    expect(titles).toEqual(['Declined review', 'Focus time', 'Standup', 'Team lunch', 'Workshop']);
  });

  it('retries rate limits and server errors, then succeeds without duplicating events', async () => {
    google.invalidateSyncTokens(EMAIL);
    google.failNext({ path: EVENTS_LIST, status: 429, times: 1, retryAfterSeconds: 1 });
    google.failNext({ path: EVENTS_LIST, status: 403, times: 1, reason: 'rateLimitExceeded' });
    google.failNext({ path: EVENTS_LIST, status: 500, times: 1 });
    google.resetCalls();
    const result = await client.request('POST', `/api/calendar/sync/${userId}`);
    expect(result.statusCode).toBe(200);
    expect(eventsListCalls(google)).toBeGreaterThanOrEqual(4);
    const events = (await client.request('GET', '/api/calendar-events')).json<{ title: string }[]>();
    expect(events).toHaveLength(5);
  });

  it('gives up on a hanging request and retries it', async () => {
    google.invalidateSyncTokens(EMAIL);
    google.hangNext({ path: EVENTS_LIST, ms: 3000, times: 1 });
    google.resetCalls();
    const result = await client.request('POST', `/api/calendar/sync/${userId}`);
    expect(result.statusCode).toBe(200);
    // The hung incremental read, its retry (410: the token was invalidated), then the full read.
    expect(eventsListCalls(google)).toBe(3);
    expect((await client.request('GET', '/api/calendar-events')).json<unknown[]>()).toHaveLength(5);
  });

  it('marks the connection for reconnection when Google revokes access (invalid_grant)', async () => {
    google.revokeRefreshTokens(EMAIL);
    const result = await client.request('POST', `/api/calendar/sync/${userId}`);
    expect(result.json()).toMatchObject({ needsReconnection: true });
    expect((await client.request('POST', `/api/calendar/sync/${userId}`)).json()).toMatchObject({ needsReconnection: true });
    expect((await client.request('GET', '/api/calendar-events')).json<unknown[]>()).toHaveLength(5);
  });

  it('lets the user reconnect', async () => {
    expect((await connect(client)).headers.location).toBe('/calendar?success=calendar_connected');
    expect((await client.request('POST', `/api/calendar/sync/${userId}`)).json()).not.toHaveProperty('needsReconnection');
  });

  it("disconnects: Breaker's events leave Google, the grant is handed back, and the plan forgets the meetings", async () => {
    await eventually(() => breakerEvents(google).length > 0);
    const meetings = () => google.storedEvents(EMAIL, EMAIL).filter((e) => !e.extendedProperties?.private?.['breaker']);
    const before = meetings().map((e) => `${e.id} ${e.updated}`);
    expect(google.grantedScopes(EMAIL, GOOGLE_TEST_CLIENT.clientId)).toContain('https://www.googleapis.com/auth/calendar.events');

    expect((await client.request('DELETE', '/api/calendar/google')).json()).toEqual({ ok: true });
    expect(breakerEvents(google)).toEqual([]);
    expect(meetings().map((e) => `${e.id} ${e.updated}`)).toEqual(before);
    expect(google.grantedScopes(EMAIL, GOOGLE_TEST_CLIENT.clientId)).toEqual([]);
    expect((await client.request('GET', '/api/auth/user')).json()).toMatchObject({ calendarProvider: null });
    expect((await client.request('GET', '/api/calendar-events')).json()).toEqual([]);
    const second = await client.request('DELETE', '/api/calendar/google');
    expect(second.statusCode).toBe(404);
    expect(second.json()).toMatchObject({ message: 'No Google calendar is connected' });
  });

  it('disconnects even when Google no longer knows the grant', async () => {
    expect((await connect(client)).headers.location).toBe('/calendar?success=calendar_connected');
    google.revokeRefreshTokens(EMAIL);
    expect((await client.request('DELETE', '/api/calendar/google')).json()).toEqual({ ok: true });
    expect((await client.request('GET', '/api/auth/user')).json()).toMatchObject({ calendarProvider: null });
  });

  it('refuses to sync someone else', async () => {
    const other = new TestClient(subject.app);
    await other.registerAndSignIn('intruder');
    expect((await other.request('POST', `/api/calendar/sync/${userId}`)).statusCode).toBe(403);
  });
});
