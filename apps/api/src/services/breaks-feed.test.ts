import { breaksFeedAnswer, type BreakSession } from '@breaker/api-contract';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, startTestApp, TestClient, type AppUnderTest } from '../app.test-support.js';
import { BREAKS_CALENDAR_NAME } from './breaks-feed-calendar.js';

/** Monday 23 November 2026, 06:00 UTC: the whole work day (08:00–17:00 UTC) is still ahead. */
const NOW = new Date('2026-11-23T06:00:00Z');
const at = (time: string) => `2026-11-23T${time}:00.000Z`;

class FeedClient extends TestClient {
  async addBreak(from: string): Promise<BreakSession> {
    const response = await this.request('POST', '/trpc/breaks.add', { from });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ result: { data: BreakSession } }>().result.data;
  }

  async createFeed(): Promise<string> {
    const response = await this.request('POST', '/api/calendar/breaks-feed');
    expect(response.statusCode, response.body).toBe(200);
    return breaksFeedAnswer.parse(response.json()).url;
  }
}

describe.each(['pglite', 'postgres'] as const)('the breaks feed on %s', (backend) => {
  let subject: AppUnderTest;
  beforeAll(async () => {
    subject = await startTestApp(backend, { now: () => NOW });
  });
  afterAll(async () => subject.close());

  /** A GET as a calendar app makes it: no cookie, no Origin. */
  const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
    subject.app.inject({ method: 'GET', url: new URL(url).pathname, headers });

  async function personWithBreaks(name: string): Promise<{ client: FeedClient; breaks: BreakSession[] }> {
    const client = new FeedClient(subject.app);
    await client.registerAndSignIn(name);
    await client.request('PUT', '/api/user/preferences', {
      preferences: { breakFrequency: 3, workStartTime: '08:00', workEndTime: '17:00', timezone: 'UTC' },
    });
    const breaks = [await client.addBreak(at('10:00')), await client.addBreak(at('14:00'))];
    return { client, breaks };
  }

  it('gives a private address on the app origin whose calendar holds the upcoming breaks, read without a cookie', async () => {
    const { client, breaks } = await personWithBreaks('fiona');
    const url = await client.createFeed();
    expect(url.startsWith(`${ORIGIN}/api/calendar/breaks-feed/`)).toBe(true);
    expect(url).toMatch(/\/[a-z2-7]{32}\.ics$/);

    const response = await fetchFeed(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['etag']).toMatch(/^W\/"/);

    const calendar = new ICAL.Component(ICAL.parse(response.body));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(BREAKS_CALENDAR_NAME);
    expect(String(calendar.getFirstPropertyValue('prodid'))).toContain('Breaker');
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => event.startDate.toJSDate().toISOString())).toEqual(breaks.map((b) => b.scheduledTime));
    for (const [index, event] of events.entries()) {
      const session = breaks[index]!;
      expect(event.uid).toBe(`${session.id}@localhost:3000`);
      expect(event.startDate.zone.tzid).toBe('UTC');
      expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(session.duration * 60_000);
      expect(event.summary).toBe(`Break: ${session.activity.name}`);
      expect(event.description).toContain(`${session.activity.name}, ${session.duration} minute`);
      expect(event.description).toContain(`${ORIGIN}/?break=${session.id}`);
      expect(event.component.getFirstPropertyValue('transp')).toBe('TRANSPARENT');
      expect(event.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
      expect(event.component.hasProperty('dtstamp')).toBe(true);
      expect(event.component.hasProperty('last-modified')).toBe(true);
    }
    // RFC 5545 lines end in CRLF and are folded at 75 octets.
    for (const line of response.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('answers 304 to If-None-Match with its ETag, and a new ETag once the breaks change', async () => {
    const { client, breaks } = await personWithBreaks('gerard');
    const url = await client.createFeed();
    const first = await fetchFeed(url);
    const etag = String(first.headers['etag']);
    const again = await fetchFeed(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const removed = await client.request('DELETE', `/api/break-sessions/${breaks[0]!.id}`);
    expect(removed.statusCode).toBe(200);
    const changed = await fetchFeed(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['etag']).not.toBe(etag);
    expect(changed.body).not.toContain(breaks[0]!.id);
    expect(changed.body).toContain(breaks[1]!.id);
  });

  it('leaves out breaks already taken or skipped', async () => {
    const { client, breaks } = await personWithBreaks('hania');
    const skipped = await client.request('PATCH', `/api/break-sessions/${breaks[0]!.id}`, { skipped: true });
    expect(skipped.statusCode, skipped.body).toBe(200);
    const body = (await fetchFeed(await client.createFeed())).body;
    expect(body).not.toContain(breaks[0]!.id);
    expect(body).toContain(breaks[1]!.id);
  });

  it('replacing the address makes the old one a 404; turning it off makes the new one a 404', async () => {
    const { client } = await personWithBreaks('ilse');
    const old = await client.createFeed();
    const current = await client.createFeed();
    expect(current).not.toBe(old);
    const gone = await fetchFeed(old);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'That breaks feed does not exist or was turned off' });
    expect((await fetchFeed(current)).statusCode).toBe(200);

    const status = await client.request('GET', '/trpc/calendar.breaksFeed');
    expect(status.json()).toMatchObject({ result: { data: { active: true } } });
    const revoked = await client.request('DELETE', '/api/calendar/breaks-feed');
    expect(revoked.json()).toEqual({ ok: true });
    expect((await fetchFeed(current)).statusCode).toBe(404);
    const after = await client.request('GET', '/trpc/calendar.breaksFeed');
    expect(after.json()).toMatchObject({ result: { data: { active: false, createdAt: null } } });
  });

  it("shows one person's breaks only, and no made-up or altered address opens a feed", async () => {
    const julia = await personWithBreaks('julia');
    const karl = await personWithBreaks('karl');
    const juliaUrl = await julia.client.createFeed();
    const karlUrl = await karl.client.createFeed();
    const juliaFeed = (await fetchFeed(juliaUrl)).body;
    for (const session of karl.breaks) expect(juliaFeed).not.toContain(session.id);
    const karlToken = /([a-z2-7]{32})\.ics$/.exec(karlUrl)![1]!;
    const flipped = karlToken.slice(0, -1) + (karlToken.endsWith('a') ? 'b' : 'a');
    for (const path of [flipped, 'x', karlToken.toUpperCase(), `${karlToken}a`, '%00']) {
      const response = await subject.app.inject({ method: 'GET', url: `/api/calendar/breaks-feed/${path}.ics` });
      expect(response.statusCode, path).toBe(404);
      expect(response.json<{ message: string }>().message, path).toBeTruthy();
    }
  });

  it('keeps only the SHA-256 of the token, never the token itself', async () => {
    const { client } = await personWithBreaks('lorenz');
    const url = await client.createFeed();
    const token = /([a-z2-7]{32})\.ics$/.exec(url)![1]!;
    const rows = await subject.db.selectFrom('breaks_feeds').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    const { createHash } = await import('node:crypto');
    expect(rows.map((row) => row.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
  });

  it('needs a session to create or turn off a feed', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await subject.app.inject({ method, url: '/api/calendar/breaks-feed', headers: { origin: ORIGIN } });
      expect(response.statusCode).toBe(401);
    }
  });
});
