import { startRadicale, type RadicaleServer } from '@breaker/jobs/testing';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appForSuite,
  type AppUnderTest,
  eventually,
  signInWorkingEveryDay,
  startTestApp,
  TestClient,
} from '../app.test-support.js';

/** Tomorrow in UTC at an hour, as an iCalendar date-time. */
function tomorrowAt(hour: number, minute = 0): string {
  return DateTime.utc().plus({ days: 1 }).set({ hour, minute, second: 0 }).toFormat("yyyyMMdd'T'HHmmss'Z'");
}

function meeting(uid: string, title: string, from: string, to: string, extra: string[] = []): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Breaker test//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${from}`,
    `DTEND:${to}`,
    `SUMMARY:${title}`,
    ...extra,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** A real CalDAV server takes longer than the fakes: up to 15 seconds. */
const eventuallyOnRadicale = (check: () => boolean | Promise<boolean>) => eventually(check, { attempts: 150, intervalMs: 100 });

const writes = (requests: readonly string[]) => requests.filter((r) => /^(PUT|DELETE|MKCALENDAR|PROPPATCH|MOVE|COPY) /.test(r));

describe('CalDAV against a real Radicale', () => {
  let radicale: RadicaleServer;
  let work: string;
  let subject: AppUnderTest;
  let client: TestClient;
  let userId: string;
  const account = () => ({ username: radicale.username, password: radicale.password });
  const titles = async () =>
    (await client.request('GET', '/api/calendar-events'))
      .json<{ title: string; blocksTime: boolean }[]>()
      .map((e) => e.title)
      .sort();
  const breakerObjects = async () => (await radicale.objects(work)).filter((o) => /^UID:[^\r\n]*@breaker\r?$/m.test(o.data));
  const upcomingStarts = async () =>
    (await client.request('GET', '/api/upcoming-breaks'))
      .json<{ scheduledTime: string; completedAt: string | null; skipped: boolean }[]>()
      .filter((b) => Date.parse(b.scheduledTime) > Date.now() && !b.completedAt && !b.skipped)
      .map((b) => b.scheduledTime.replace(/[-:]|\.\d{3}/g, ''))
      .sort();
  /** The stored meetings of that title, by the object name and UID they were read from. */
  const storedAs = async (title: string) =>
    (await subject.db.selectFrom('calendar_events').select('external_id').where('title', '=', title).execute()).map(
      (row) => row.external_id,
    );
  /** The calendar holds an event for exactly each upcoming break (the one someone else edited aside). */
  const calendarMatchesBreaks = async () => {
    const starts = (await breakerObjects())
      .filter((o) => !o.data.includes('Mine now'))
      .map((o) => /DTSTART:(\S+)/.exec(o.data)?.[1] ?? '')
      .sort();
    return JSON.stringify(starts) === JSON.stringify(await upcomingStarts());
  };

  beforeAll(async () => {
    radicale = await startRadicale();
    work = await radicale.makeCalendar('work', 'Work');
    await radicale.makeCalendar('holidays', 'Holidays');
    await radicale.put(work, 'standup.ics', meeting('standup@example.com', 'Standup', tomorrowAt(9), tomorrowAt(10)));
    await radicale.put(
      work,
      'lunch.ics',
      meeting('lunch@example.com', 'Lunch (free)', tomorrowAt(12), tomorrowAt(13), ['TRANSP:TRANSPARENT']),
    );
    await radicale.put(
      work,
      'daily.ics',
      meeting('daily@example.com', 'Daily check-in', tomorrowAt(15), tomorrowAt(15, 15), ['RRULE:FREQ=DAILY;COUNT=3']),
    );
    subject = await startTestApp('pglite', { env: { ALLOW_PRIVATE_FEEDS: 'true' } });
    ({ client, userId } = await signInWorkingEveryDay(subject.app, 'davy'));
  });
  afterAll(async () => {
    await subject?.close();
    await radicale?.close();
  });

  it('refuses wrong credentials with a 400 and stores nothing', async () => {
    const refused = await client.request('PUT', '/api/calendar/caldav', {
      url: radicale.origin,
      username: 'alice',
      password: 'nope',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'The CalDAV server did not accept that user name and password' });
    expect((await client.request('GET', '/api/auth/user')).json()).toMatchObject({ calendarProvider: null });
    expect(await subject.db.selectFrom('calendar_connections').selectAll().execute()).toEqual([]);
  });

  it.each([
    [
      'the server root',
      () => radicale.origin,
      ['Daily check-in', 'Daily check-in', 'Daily check-in', 'Lunch (free)', 'Standup'],
      2,
    ],
    ['the principal', () => `${radicale.origin}/${radicale.username}/`, null, 2],
    ['a calendar', () => work, null, 2],
  ])('discovers the calendars from %s', async (_, url, _titles, calendars) => {
    const connected = await client.request('PUT', '/api/calendar/caldav', { url: url(), ...account() });
    expect(connected.statusCode).toBe(200);
    expect(connected.json()).toMatchObject({ calendars, imported: 5 });
    expect((await client.request('GET', '/api/auth/user')).json()).toMatchObject({ calendarProvider: 'caldav' });
    expect(await titles()).toEqual(['Daily check-in', 'Daily check-in', 'Daily check-in', 'Lunch (free)', 'Standup']);
    const busy = (await client.request('GET', '/api/calendar-events')).json<{ title: string; blocksTime: boolean }[]>();
    expect(busy.find((e) => e.title === 'Lunch (free)')?.blocksTime).toBe(false);
    const chosen = (await client.request('GET', '/api/calendar/caldav/calendars')).json<
      { name: string; busy: boolean; writeTarget: boolean }[]
    >();
    expect(chosen.find((c) => c.name === 'Work')).toMatchObject({ busy: true, writeTarget: true });
    const stored = await subject.db.selectFrom('calendar_connections').selectAll().executeTakeFirstOrThrow();
    expect(stored.credentials_encrypted).toMatch(/^v1\./);
    expect(stored.credentials_encrypted).not.toContain(radicale.password);
  });

  it('writes the breaks into the calendar as free events that Breaker owns, and touches nothing else', async () => {
    const planned = await upcomingStarts();
    expect(planned.length).toBeGreaterThan(0);
    await eventuallyOnRadicale(calendarMatchesBreaks);
    for (const object of await breakerObjects()) {
      expect(object.data).toMatch(/TRANSP:TRANSPARENT/);
      expect(object.data).toMatch(/SUMMARY:.*· Breaker/);
    }
    expect((await radicale.objects(work)).length).toBe(planned.length + 3);
  });

  it('sees events added, moved and deleted on the server after a sync', async () => {
    await radicale.put(
      work,
      'review.ics',
      meeting('review@example.com', 'Design review', tomorrowAt(16), tomorrowAt(17), [
        'LOCATION:Teams https://teams.microsoft.com/l/meetup-join/19%3ameeting_review',
      ]),
    );
    await radicale.put(work, 'standup.ics', meeting('standup@example.com', 'Standup', tomorrowAt(10), tomorrowAt(11)));
    await radicale.remove(`${work}lunch.ics`);
    const synced = await client.request('POST', `/api/calendar/sync/${userId}`);
    expect(synced.statusCode).toBe(200);
    // sync-collection (RFC 6578): only the three objects that changed are read, not the window.
    expect(synced.json()).toMatchObject({ eventsChanged: 3 });
    expect(await titles()).toEqual(['Daily check-in', 'Daily check-in', 'Daily check-in', 'Design review', 'Standup']);
    const calls = await subject.db.selectFrom('calendar_events').select('title').where('call', '=', true).execute();
    expect(calls).toEqual([{ title: 'Design review' }]);
    const events = (await client.request('GET', '/api/calendar-events')).json<{ title: string; startTime: string }[]>();
    expect(events.find((e) => e.title === 'Standup')?.startTime).toBe(
      DateTime.fromFormat(tomorrowAt(10), "yyyyMMdd'T'HHmmss'Z'", { zone: 'utc' }).toISO({ suppressMilliseconds: false }),
    );
    const breaks = (await client.request('GET', '/api/upcoming-breaks')).json<{ scheduledTime: string; duration: number }[]>();
    const review = Date.parse(events.find((e) => e.title === 'Design review')!.startTime);
    expect(
      breaks.every(
        (b) => Date.parse(b.scheduledTime) + b.duration * 60_000 <= review || Date.parse(b.scheduledTime) >= review + 3_600_000,
      ),
    ).toBe(true);
    // Breaks the new meetings moved are moved in the calendar too.
    await eventuallyOnRadicale(calendarMatchesBreaks);
  });

  it('re-syncs an unchanged account with exactly one request and no writes', async () => {
    await eventuallyOnRadicale(calendarMatchesBreaks);
    // Breaker's own writes changed the calendar's sync-token: the first sync asks what changed (sync-collection) and,
    // knowing the ETags it wrote, reads nothing more; the next one needs the PROPFIND alone.
    radicale.requests.length = 0;
    const afterOwnWrites = await client.request('POST', `/api/calendar/sync/${userId}`);
    expect(afterOwnWrites.json()).toMatchObject({ eventsChanged: 0 });
    expect(radicale.requests).toEqual([`PROPFIND /${radicale.username}/`, `REPORT /${radicale.username}/work/`]);
    radicale.requests.length = 0;
    const synced = await client.request('POST', `/api/calendar/sync/${userId}`);
    expect(synced.json()).toMatchObject({ eventsChanged: 0 });
    expect(radicale.requests).toEqual([`PROPFIND /${radicale.username}/`]);
    expect(writes(radicale.requests)).toEqual([]);
  });

  it('follows an object renamed on the server through sync-collection, leaving no stale copy and reading no window', async () => {
    await radicale.move(`${work}review.ics`, `${work}review-renamed.ics`);
    radicale.requests.length = 0;
    const synced = await client.request('POST', `/api/calendar/sync/${userId}`);
    // The delta: the old name removed (its meeting counted) and the new one read; a full read would count all five.
    expect(synced.json()).toMatchObject({ eventsChanged: 2 });
    expect(radicale.requests.filter((r) => r.startsWith('REPORT'))).toHaveLength(2);
    expect(await titles()).toEqual(['Daily check-in', 'Daily check-in', 'Daily check-in', 'Design review', 'Standup']);
    expect(await storedAs('Design review')).toEqual(['review-renamed.ics/review@example.com']);
    await eventuallyOnRadicale(calendarMatchesBreaks);
  });

  it('drops the copy a rename left under the old name when the delta does not report that name removed', async () => {
    // What a server that reports only the new name leaves behind: the meeting still stored under the name it had.
    const [kept] = await subject.db.selectFrom('calendar_events').selectAll().where('title', '=', 'Design review').execute();
    const { id: _id, updated_at: _updated, ...copy } = kept!;
    await subject.db
      .insertInto('calendar_events')
      .values({ ...copy, external_id: 'review-before.ics/review@example.com' })
      .execute();
    expect((await titles()).filter((title) => title === 'Design review')).toHaveLength(2);
    await radicale.put(
      work,
      'review-renamed.ics',
      meeting('review@example.com', 'Design review', tomorrowAt(16), tomorrowAt(17), [
        'LOCATION:Teams https://teams.microsoft.com/l/meetup-join/19%3ameeting_review',
        'DESCRIPTION:Agenda attached',
      ]),
    );
    const synced = await client.request('POST', `/api/calendar/sync/${userId}`);
    expect(synced.json()).toMatchObject({ eventsChanged: 2 });
    expect(await storedAs('Design review')).toEqual(['review-renamed.ics/review@example.com']);
  });

  it('moves and removes its breaks, removes them all with booking off, and never overwrites an edited one', async () => {
    const before = await breakerObjects();
    expect(before.length).toBeGreaterThan(1);
    // Someone edits one of Breaker's events on the server meanwhile.
    const edited = before[0]!;
    await radicale.put(work, edited.url.slice(work.length), edited.data.replace(/SUMMARY:[^\r\n]*/, 'SUMMARY:Mine now'));
    await client.request('PUT', '/api/user/preferences', { preferences: { calendarBookingEnabled: false } });
    await eventuallyOnRadicale(async () => (await breakerObjects()).length === 1);
    const left = await breakerObjects();
    expect(left[0]!.data).toMatch(/SUMMARY:Mine now/);
    expect((await radicale.objects(work)).filter((o) => !/@breaker\r?$/m.test(o.data)).length).toBe(3);

    await client.request('PUT', '/api/user/preferences', { preferences: { calendarBookingEnabled: true } });
    await eventuallyOnRadicale(calendarMatchesBreaks);
    // A skipped break's event goes.
    const [skipped] = (await client.request('GET', '/api/upcoming-breaks'))
      .json<{ id: string; scheduledTime: string }[]>()
      .filter((b) => Date.parse(b.scheduledTime) > Date.now());
    await client.request('PATCH', `/api/break-sessions/${skipped!.id}`, { skipped: true });
    await eventuallyOnRadicale(
      async () =>
        !(await breakerObjects()).some((o) => o.data.includes(`DTSTART:${skipped!.scheduledTime.replace(/[-:]|\.\d{3}/g, '')}`)),
    );
    expect(await calendarMatchesBreaks()).toBe(true);
  });

  it('fails a sync cleanly while the server is down, and loses nothing', async () => {
    const before = await titles();
    await radicale.stop();
    try {
      const failed = await client.request('POST', `/api/calendar/sync/${userId}`);
      expect(failed.statusCode).toBe(503);
      expect(failed.json<{ message: string }>().message).toMatch(/CalDAV server could not be reached/);
      expect(await titles()).toEqual(before);
      expect((await client.request('GET', '/api/calendar/status')).statusCode).not.toBe(500);
    } finally {
      await radicale.start();
    }
    expect((await client.request('POST', `/api/calendar/sync/${userId}`)).statusCode).toBe(200);
  });

  it('disconnects, taking its breaks out of the calendar', async () => {
    expect((await client.request('DELETE', '/api/calendar/caldav')).statusCode).toBe(200);
    expect((await client.request('GET', '/api/auth/user')).json()).toMatchObject({ calendarProvider: null });
    expect(await titles()).toEqual([]);
    const mine = (await breakerObjects()).filter((o) => !/Mine now/.test(o.data));
    expect(mine).toEqual([]);
    expect((await client.request('DELETE', '/api/calendar/caldav')).statusCode).toBe(404);
  });

  it('answers hostile input with a 4xx and a message, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            url: fc.oneof(fc.string(), fc.webUrl(), fc.constant('http://127.0.0.1:8/'), fc.constant(`${radicale.origin}/../..`)),
            username: fc.oneof(fc.string(), fc.string({ unit: 'binary' })),
            password: fc.oneof(fc.string({ maxLength: 2000 }), fc.constant('\u0000')),
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const answer = await client.request('PUT', '/api/calendar/caldav', body);
          expect(answer.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
          expect(answer.statusCode, JSON.stringify(body)).toBeLessThan(500);
          expect(typeof answer.json<{ message: unknown }>().message).toBe('string');
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('CalDAV servers on private addresses', () => {
  const subject = appForSuite('pglite');

  it('are refused unless ALLOW_PRIVATE_FEEDS is on', async () => {
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('careful');
    for (const url of ['http://127.0.0.1:8/', 'http://localhost/dav/', 'https://10.0.0.8/remote.php/dav', 'http://[::1]/']) {
      const refused = await client.request('PUT', '/api/calendar/caldav', { url, username: 'a', password: 'b' });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json<{ message: string }>().message, url).toMatch(/private or local/);
    }
  });
});
