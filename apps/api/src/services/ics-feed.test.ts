import { icsEvents, syncWindow } from '@breaker/jobs';
import { DateTime } from 'luxon';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForSuite, type AppUnderTest, signInWorkingEveryDay, startTestApp, TestClient } from '../app.test-support.js';

/** Tomorrow in UTC, as an iCalendar date-time. */
function tomorrowAt(hour: number): string {
  return DateTime.utc().plus({ days: 1 }).set({ hour, minute: 0, second: 0 }).toFormat("yyyyMMdd'T'HHmmss'Z'");
}

const FEED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Breaker test//EN',
  'BEGIN:VEVENT',
  'UID:planning@example.com',
  `DTSTART:${tomorrowAt(9)}`,
  `DTEND:${tomorrowAt(11)}`,
  'SUMMARY:Planning',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:lunch@example.com',
  `DTSTART:${tomorrowAt(12)}`,
  `DTEND:${tomorrowAt(13)}`,
  'SUMMARY:Lunch (free)',
  'TRANSP:TRANSPARENT',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

/** Series that each repeat every day for 20,000 days: more occurrences than a feed may make Breaker walk. */
const FOREVER = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  ...Array.from({ length: 12 }, (_, n) => [
    'BEGIN:VEVENT',
    `UID:forever-${n}@example.com`,
    'DTSTART:19000101T090000Z',
    'DURATION:PT15M',
    'RRULE:FREQ=DAILY;COUNT=20000',
    'END:VEVENT',
  ]).flat(),
  'END:VCALENDAR',
  '',
].join('\r\n');

describe('calendar feeds (ICS)', () => {
  let feedServer: http.Server;
  let feedOrigin: string;
  const requests: { url: string; ifNoneMatch: string | undefined }[] = [];
  let subject: AppUnderTest;
  let client: TestClient;
  let userId: string;

  beforeAll(async () => {
    feedServer = http.createServer((request, response) => {
      requests.push({ url: request.url ?? '', ifNoneMatch: request.headers['if-none-match'] });
      if (request.url === '/calendar.ics') {
        if (request.headers['if-none-match'] === '"one"') return void response.writeHead(304).end();
        return void response.writeHead(200, { 'content-type': 'text/calendar', etag: '"one"' }).end(FEED);
      }
      if (request.url === '/forever.ics') return void response.writeHead(200, { 'content-type': 'text/calendar' }).end(FOREVER);
      if (request.url === '/page.html')
        return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>');
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
    feedOrigin = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
    subject = await startTestApp('pglite', { env: { ALLOW_PRIVATE_FEEDS: 'true' } });
    ({ client, userId } = await signInWorkingEveryDay(subject.app, 'feedy'));
  });
  afterAll(async () => {
    await subject?.close();
    await new Promise<void>((resolve) => feedServer.close(() => resolve()));
  });

  it('refuses what is not a calendar, and keeps what was there', async () => {
    const html = await client.request('PUT', '/api/calendar/ics-feed', { url: `${feedOrigin}/page.html` });
    expect(html.statusCode).toBe(400);
    expect(html.json<{ message: string }>().message).toMatch(/iCalendar/);
    expect((await client.request('PUT', '/api/calendar/ics-feed', { url: 'ftp://example.com/x.ics' })).statusCode).toBe(400);
    expect((await client.request('PUT', '/api/calendar/ics-feed', { url: `${feedOrigin}/missing.ics` })).json()).toEqual({
      message: 'The calendar feed answered 404 instead of a calendar',
    });
    expect((await client.request('PUT', '/api/calendar/ics-feed', {})).statusCode).toBe(400);
    expect((await client.request('GET', '/api/auth/user')).json()).toMatchObject({ calendarProvider: null });
  });

  it('refuses a feed too big to expand with a message saying so, and keeps what was there', async () => {
    const refused = await client.request('PUT', '/api/calendar/ics-feed', { url: `${feedOrigin}/forever.ics` });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      message: 'The calendar feed repeats its events too often to read (more than 200,000 occurrences)',
    });
    expect((await client.request('GET', '/api/auth/user')).json()).toMatchObject({ calendarProvider: null });
  });

  it('imports the feed, blocks only busy time, and plans around it', async () => {
    const connected = await client.request('PUT', '/api/calendar/ics-feed', { url: `${feedOrigin}/calendar.ics` });
    expect(connected.statusCode).toBe(200);
    expect(connected.json()).toMatchObject({ imported: 2 });
    expect((await client.request('GET', '/api/auth/user')).json()).toMatchObject({ calendarProvider: 'ics' });
    const events = (await client.request('GET', '/api/calendar-events')).json<{ title: string; blocksTime: boolean }[]>();
    expect(Object.fromEntries(events.map((e) => [e.title, e.blocksTime]))).toEqual({ Planning: true, 'Lunch (free)': false });
    const breaks = (await client.request('GET', '/api/upcoming-breaks')).json<{ scheduledTime: string; duration: number }[]>();
    expect(breaks.length).toBeGreaterThan(0);
    const from = DateTime.fromFormat(tomorrowAt(9), "yyyyMMdd'T'HHmmss'Z'", { zone: 'utc' }).toMillis();
    const to = from + 2 * 60 * 60 * 1000;
    expect(
      breaks.every((b) => Date.parse(b.scheduledTime) + b.duration * 60_000 <= from || Date.parse(b.scheduledTime) >= to),
    ).toBe(true);
    const stored = await subject.db.selectFrom('calendar_connections').select('feed_url_encrypted').executeTakeFirstOrThrow();
    expect(stored.feed_url_encrypted).not.toContain('127.0.0.1');
  });

  it('re-reads the feed on sync with its ETag, downloading nothing when it has not changed', async () => {
    requests.length = 0;
    const synced = await client.request('POST', `/api/calendar/sync/${userId}`);
    expect(synced.statusCode).toBe(200);
    expect(requests).toEqual([{ url: '/calendar.ics', ifNoneMatch: '"one"' }]);
    expect((await client.request('GET', '/api/calendar-events')).json<unknown[]>()).toHaveLength(2);
  });

  it('disconnects the feed and its events', async () => {
    expect((await client.request('DELETE', '/api/calendar/ics-feed')).statusCode).toBe(200);
    expect((await client.request('GET', '/api/auth/user')).json()).toMatchObject({ calendarProvider: null });
    expect((await client.request('GET', '/api/calendar-events')).json<unknown[]>()).toHaveLength(0);
  });
});

describe('calendar feeds on private addresses', () => {
  const subject = appForSuite('pglite');

  it('are refused unless ALLOW_PRIVATE_FEEDS is on', async () => {
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('cautious');
    for (const url of ['http://127.0.0.1:9/x.ics', 'http://localhost/x.ics', 'webcal://10.0.0.8/x.ics', 'http://[::1]/x.ics']) {
      const refused = await client.request('PUT', '/api/calendar/ics-feed', { url });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(/private or local/);
    }
  });
});

describe('the reference calendars through the feed path', () => {
  const fixtures = new URL('../../../../packages/jobs/src/providers/ics/fixtures/', import.meta.url);
  const files = readdirSync(fixtures).filter((name) => name.endsWith('.ics'));
  let clock = Date.now();
  let feedServer: http.Server;
  let feedOrigin: string;
  let subject: AppUnderTest;

  beforeAll(async () => {
    feedServer = http.createServer((request, response) => {
      const name = decodeURIComponent((request.url ?? '').slice(1));
      if (!files.includes(name)) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'text/calendar' }).end(readFileSync(new URL(name, fixtures)));
    });
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
    feedOrigin = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
    subject = await startTestApp('pglite', { env: { ALLOW_PRIVATE_FEEDS: 'true' }, now: () => new Date(clock) });
  });
  afterAll(async () => {
    await subject?.close();
    await new Promise<void>((resolve) => feedServer.close(() => resolve()));
  });

  it('imports every file with the busy times its events have (DST and Windows zones included)', async () => {
    expect(files.length).toBe(7);
    for (const [index, name] of files.entries()) {
      const text = readFileSync(new URL(name, fixtures), 'utf8');
      clock = Date.now();
      const client = new TestClient(subject.app);
      await client.registerAndSignIn(`reference${index}`);
      await client.request('PUT', '/api/user/preferences', { preferences: { timezone: 'Europe/Berlin' } });
      // Stand in the week of the file's first event, so its events fall inside the sync window.
      const startLine = /BEGIN:VEVENT[\s\S]*?\nDTSTART([^\r\n]*)/.exec(text)?.[1] ?? '';
      const first = /(\d{8})(T\d{6}Z?)?$/.exec(startLine)?.[1] ?? '20260101';
      clock = DateTime.fromFormat(first, 'yyyyMMdd', { zone: 'utc' }).plus({ hours: 6 }).toMillis();
      const connected = await client.request('PUT', '/api/calendar/ics-feed', {
        url: `${feedOrigin}/${encodeURIComponent(name)}`,
      });
      expect(connected.statusCode, name).toBe(200);

      const window = syncWindow('Europe/Berlin', new Date(clock));
      const expected = icsEvents(text, window)
        .map((e) => ({
          title: e.title,
          startTime: e.start.toISOString(),
          endTime: e.end.toISOString(),
          isAllDay: e.isAllDay,
          blocksTime: e.blocksTime,
        }))
        .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.title.localeCompare(b.title));
      const stored = (await client.request('GET', '/api/calendar-events'))
        .json<{ title: string; startTime: string; endTime: string; isAllDay: boolean; blocksTime: boolean }[]>()
        .map(({ title, startTime, endTime, isAllDay, blocksTime }) => ({ title, startTime, endTime, isAllDay, blocksTime }))
        .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.title.localeCompare(b.title));
      expect(expected.length, name).toBeGreaterThan(0);
      expect(stored, name).toEqual(expected);
      expect(connected.json<{ imported: number }>().imported, name).toBe(expected.length);
    }
  });
});
