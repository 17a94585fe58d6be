import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeGoogle } from '../fake-google.js';
import { callApi, loadFixture, SCOPES, signIn, startTestFake, USER } from '../fake-google.test-support.js';

interface CalendarListPage {
  items: Array<Record<string, unknown>>;
  nextPageToken?: string;
  nextSyncToken?: string;
}

describe('calendarList.list', () => {
  let fake: FakeGoogle;
  let token: string;
  const listCalendars = async (query: Record<string, string> = {}): Promise<CalendarListPage> => {
    const response = await callApi(fake, token, `/calendar/v3/users/me/calendarList?${new URLSearchParams(query).toString()}`);
    expect(response.status).toBe(200);
    return (await response.json()) as CalendarListPage;
  };

  beforeAll(async () => {
    fake = await startTestFake();
    fake.addCalendar(USER, {
      id: 'en.usa#holiday@group.v.calendar.google.com',
      summary: 'Holidays in United States',
      accessRole: 'reader',
    });
    fake.addCalendar(USER, {
      id: 'team@group.calendar.google.com',
      summary: 'Team',
      accessRole: 'writer',
      timeZone: 'Europe/Berlin',
    });
    token = (await signIn(fake, { scope: SCOPES.calendarReadonly })).access_token;
  });
  afterAll(() => fake.close());

  it('lists the primary calendar in the captured entry shape', async () => {
    const page = await listCalendars();
    expect(page.items.map((item) => item.id)).toEqual([
      USER,
      'en.usa#holiday@group.v.calendar.google.com',
      'team@group.calendar.google.com',
    ]);
    const captured = loadFixture<CalendarListPage>('calendar.calendarList.list.200.json');
    const capturedPrimary = captured.items.find((item) => item.primary === true);
    expect(Object.keys(page.items[0] ?? {})).toEqual(Object.keys(capturedPrimary ?? {}));
    expect(page.items[0]).toMatchObject({
      kind: 'calendar#calendarListEntry',
      summary: USER,
      timeZone: 'America/Chicago',
      accessRole: 'owner',
      primary: true,
    });
    expect(Object.keys(page)).toEqual(Object.keys(captured));
  });

  it('filters by minAccessRole and pages with maxResults', async () => {
    expect((await listCalendars({ minAccessRole: 'writer' })).items.map((item) => item.id)).toEqual([
      USER,
      'team@group.calendar.google.com',
    ]);
    const first = await listCalendars({ maxResults: '2' });
    expect(first.items).toHaveLength(2);
    expect(first.nextSyncToken).toBeUndefined();
    const second = await listCalendars({ maxResults: '2', pageToken: first.nextPageToken ?? '' });
    expect(second.items.map((item) => item.id)).toEqual(['team@group.calendar.google.com']);
    expect(second.nextSyncToken).toEqual(expect.any(String));
  });

  it('returns only calendars added since a sync token', async () => {
    const { nextSyncToken } = await listCalendars();
    fake.addCalendar(USER, { id: 'family@group.calendar.google.com', summary: 'Family' });
    const changes = await listCalendars({ syncToken: nextSyncToken ?? '' });
    expect(changes.items.map((item) => item.id)).toEqual(['family@group.calendar.google.com']);
  });
});
