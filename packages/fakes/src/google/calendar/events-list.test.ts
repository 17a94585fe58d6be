import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeGoogle } from '../fake-google.js';
import { callApi, eventsPath, loadFixture, signIn, startTestFake, USER, type EventsPage } from '../fake-google.test-support.js';
import type { EventInput } from './event-resource.js';

interface CapturedPage {
  items: EventInput[];
  [key: string]: unknown;
}

const chicago = (dateTime: string): { dateTime: string; timeZone: string } => ({ dateTime, timeZone: 'America/Chicago' });

describe('events.list', () => {
  let fake: FakeGoogle;
  let token: string;
  const list = async (query: Record<string, string>): Promise<EventsPage> => {
    const response = await callApi(fake, token, eventsPath(query));
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as EventsPage;
  };
  const listError = async (query: Record<string, string>): Promise<{ status: number; body: unknown }> => {
    const response = await callApi(fake, token, eventsPath(query));
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    fake = await startTestFake();
    token = (await signIn(fake)).access_token;
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.setEvents(USER, 'primary', []);
  });

  it('treats timeMin as an exclusive bound on the end and timeMax as an exclusive bound on the start', async () => {
    fake.setEvents(USER, 'primary', [
      {
        id: 'endsattimemin',
        summary: 'ends at timeMin',
        start: { dateTime: '2025-03-24T08:00:00-05:00' },
        end: { dateTime: '2025-03-24T09:00:00-05:00' },
      },
      {
        id: 'endsafter',
        summary: 'ends a minute later',
        start: { dateTime: '2025-03-24T08:01:00-05:00' },
        end: { dateTime: '2025-03-24T09:01:00-05:00' },
      },
      {
        id: 'startsattimemax',
        summary: 'starts at timeMax',
        start: { dateTime: '2025-03-24T17:00:00-05:00' },
        end: { dateTime: '2025-03-24T18:00:00-05:00' },
      },
      {
        id: 'startsbefore',
        summary: 'starts a minute before',
        start: { dateTime: '2025-03-24T16:59:00-05:00' },
        end: { dateTime: '2025-03-24T18:00:00-05:00' },
      },
      { id: 'allday', summary: 'all day', start: { date: '2025-03-24' }, end: { date: '2025-03-25' } },
    ]);
    const page = await list({
      timeMin: '2025-03-24T09:00:00-05:00',
      timeMax: '2025-03-24T17:00:00-05:00',
      singleEvents: 'true',
      orderBy: 'startTime',
    });
    expect(page.items.map((item) => item.id)).toEqual(['allday', 'endsafter', 'startsbefore']);
  });

  it('refuses times without an offset, an empty range, and orderBy=startTime without singleEvents', async () => {
    expect(await listError({ timeMin: '2025-03-24T09:00:00' })).toEqual({
      status: 400,
      body: {
        error: {
          errors: [{ domain: 'global', reason: 'badRequest', message: 'Bad Request' }],
          code: 400,
          message: 'Bad Request',
        },
      },
    });
    expect(await listError({ timeMin: '2025-03-24T09:00:00Z', timeMax: '2025-03-24T09:00:00Z' })).toEqual({
      status: 400,
      body: loadFixture('calendar.error.400-timeRangeEmpty.json'),
    });
    const ordering = await listError({ orderBy: 'startTime' });
    expect(ordering.status).toBe(400);
    expect(ordering.body).toMatchObject({
      error: {
        code: 400,
        errors: [
          {
            reason: 'invalid',
            location: 'orderBy',
            message: 'The requested ordering is not available for the particular query.',
          },
        ],
      },
    });
  });

  it('returns a captured sync page as it was captured', async () => {
    for (const name of [
      'calendar.events.list.200.recurring-with-modified-instance.json',
      'calendar.events.list.200.recurring-with-cancelled-instance-across-dst.json',
      'calendar.events.list.200.recurring-this-and-following-split.json',
    ]) {
      const captured = loadFixture<CapturedPage>(name);
      fake.setEvents(USER, 'primary', captured.items);
      const page = await list({});
      expect(JSON.stringify(page.items)).toBe(JSON.stringify(captured.items));
      expect(Object.keys(page)).toEqual(Object.keys(captured));
      expect(page).toMatchObject({
        kind: 'calendar#events',
        summary: USER,
        description: '',
        timeZone: 'America/Chicago',
        accessRole: 'owner',
      });
    }
  });

  it('expands a daily series across the DST change at the same local hour, leaving out its cancelled instance', async () => {
    fake.setEvents(
      USER,
      'primary',
      loadFixture<CapturedPage>('calendar.events.list.200.recurring-with-cancelled-instance-across-dst.json').items,
    );
    const window = {
      timeMin: '2025-03-07T00:00:00-06:00',
      timeMax: '2025-03-27T00:00:00-05:00',
      singleEvents: 'true',
      orderBy: 'startTime',
    };
    const page = await list(window);
    const starts = page.items.map((item) => item.start?.dateTime);
    expect(starts.slice(0, 4)).toEqual([
      '2025-03-07T08:00:00-06:00',
      '2025-03-08T08:00:00-06:00',
      '2025-03-09T08:00:00-05:00',
      '2025-03-10T08:00:00-05:00',
    ]);
    expect(starts).not.toContain('2025-03-25T08:00:00-05:00');
    expect(starts).toHaveLength(19);
    expect(page.items[3]).toMatchObject({
      id: '5hni4sj3ql1669otmjg7sn1mok_20250310T130000Z',
      recurringEventId: '5hni4sj3ql1669otmjg7sn1mok',
      originalStartTime: { dateTime: '2025-03-10T08:00:00-05:00', timeZone: 'America/Chicago' },
      end: { dateTime: '2025-03-10T09:00:00-05:00', timeZone: 'America/Chicago' },
      summary: '🍜 Breakfast',
    });
    expect(page.items[3]).not.toHaveProperty('recurrence');

    const withDeleted = await list({ ...window, showDeleted: 'true' });
    expect(withDeleted.items.find((item) => item.id === '5hni4sj3ql1669otmjg7sn1mok_20250325T130000Z')).toMatchObject({
      status: 'cancelled',
    });
  });

  it('expands a weekly series across the DST change and puts a modified instance in its place', async () => {
    fake.setEvents(USER, 'primary', [
      {
        id: 'weeklyplanning',
        summary: 'Weekly planning',
        start: chicago('2025-03-03T09:00:00'),
        end: chicago('2025-03-03T10:00:00'),
        recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO'],
      },
      ...loadFixture<CapturedPage>('calendar.events.list.200.recurring-with-modified-instance.json').items,
    ]);
    const weekly = await list({
      timeMin: '2025-03-01T00:00:00Z',
      timeMax: '2025-03-25T00:00:00Z',
      singleEvents: 'true',
      q: 'planning',
    });
    expect(weekly.items.map((item) => item.start?.dateTime)).toEqual([
      '2025-03-03T09:00:00-06:00',
      '2025-03-10T09:00:00-05:00',
      '2025-03-17T09:00:00-05:00',
      '2025-03-24T09:00:00-05:00',
    ]);

    const dishes = await list({
      timeMin: '2025-03-24T00:00:00-05:00',
      timeMax: '2025-03-26T00:00:00-05:00',
      singleEvents: 'true',
      q: 'dishes',
    });
    expect(dishes.items.map((item) => [item.summary, item.start?.dateTime])).toEqual([
      ['🍽️ Dishes (Modified)', '2025-03-24T12:30:00-05:00'],
      ['🍽️ Dishes', '2025-03-25T07:30:00-05:00'],
    ]);
  });

  it('writes times in the requested zone', async () => {
    fake.setEvents(USER, 'primary', [
      { id: 'standup', start: chicago('2025-03-24T09:00:00'), end: chicago('2025-03-24T09:15:00') },
    ]);
    const page = await list({ timeZone: 'Europe/Berlin' });
    expect(page.timeZone).toBe('Europe/Berlin');
    expect(page.items[0]?.start).toEqual({ dateTime: '2025-03-24T15:00:00+01:00', timeZone: 'America/Chicago' });
  });

  it('pages with maxResults and gives nextSyncToken only on the last page', async () => {
    fake.setEvents(
      USER,
      'primary',
      [1, 2, 3, 4, 5].map((day) => ({
        id: `eventday${day}`,
        start: { date: `2025-03-0${day}` },
        end: { date: `2025-03-0${day + 1}` },
      })),
    );
    const seen: string[] = [];
    let page = await list({ maxResults: '2', singleEvents: 'true', orderBy: 'startTime' });
    const pages: EventsPage[] = [page];
    while (page.nextPageToken) {
      expect(page.nextSyncToken).toBeUndefined();
      page = await list({ maxResults: '2', singleEvents: 'true', orderBy: 'startTime', pageToken: page.nextPageToken });
      pages.push(page);
    }
    for (const { items } of pages) seen.push(...items.map((item) => item.id));
    expect(pages.map(({ items }) => items.length)).toEqual([2, 2, 1]);
    expect(seen).toEqual(['eventday1', 'eventday2', 'eventday3', 'eventday4', 'eventday5']);
    expect(page.nextSyncToken).toEqual(expect.any(String));
    expect(await listError({ pageToken: 'not-a-token' })).toMatchObject({ status: 400 });
  });

  it('filters by private extended property and event type', async () => {
    fake.setEvents(USER, 'primary', [
      {
        id: 'breakone',
        start: chicago('2025-03-24T10:00:00'),
        end: chicago('2025-03-24T10:10:00'),
        extendedProperties: { private: { breaker: 'break', kind: 'stretch' } },
      },
      { id: 'meeting', start: chicago('2025-03-24T11:00:00'), end: chicago('2025-03-24T12:00:00') },
      { id: 'outofoffice', eventType: 'outOfOffice', start: chicago('2025-03-25T00:00:00'), end: chicago('2025-03-26T00:00:00') },
    ]);
    expect((await list({ privateExtendedProperty: 'breaker=break' })).items.map((item) => item.id)).toEqual(['breakone']);
    expect((await list({ eventTypes: 'outOfOffice' })).items.map((item) => item.id)).toEqual(['outofoffice']);
  });
});
