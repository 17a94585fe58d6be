import { insertTestMeeting } from '@breaker/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithPlannedBreaks, sharedDatabase, startTestApp, TestClient, type AppUnderTest } from '../app.test-support.js';

/** The answers built from the plan alone, through both doors. */
const PLAN_READS = ['/api/upcoming-breaks', '/api/calendar-events', '/trpc/breaks.upcoming,calendar.events?batch=1&input={}'];

/** Tuesday 10:00 in Berlin: breaks are placed from here on. */
const START = new Date('2026-11-24T09:00:00Z');

describe.each(['pglite', 'postgres'] as const)('ETags derived from the plan version on %s', (kind) => {
  let subject: AppUnderTest;
  let client: TestClient;
  let userId: string;
  let clock = START;

  const read = (url: string, etag?: string) =>
    subject.app.inject({
      method: 'GET',
      url,
      headers: { cookie: client.cookieHeader(), ...(etag ? { 'if-none-match': etag } : {}) },
    });

  /** The ETag of each plan answer now. */
  async function tags(): Promise<string[]> {
    return Promise.all(PLAN_READS.map(async (url) => String((await read(url)).headers['etag'])));
  }

  /** Whether each tag, sent back, is still current (304) or not (200 with another tag). */
  async function stillCurrent(held: readonly string[]): Promise<boolean[]> {
    return Promise.all(
      PLAN_READS.map(async (url, i) => {
        const answer = await read(url, held[i]);
        if (answer.statusCode === 200) expect(answer.headers['etag']).not.toBe(held[i]);
        else expect(answer.statusCode).toBe(304);
        return answer.statusCode === 304;
      }),
    );
  }

  beforeAll(async () => {
    subject = await startTestApp(kind, { now: () => clock });
    ({ client, userId } = await signInWithPlannedBreaks(subject.app, `plan-tags-${kind}`, 'Europe/Berlin'));
  });
  afterAll(() => subject?.close());

  it('are plan tags, not digests of the answer, and hold while nothing changes', async () => {
    const held = await tags();
    for (const tag of held) expect(tag).toMatch(/^W\/"plan-[\w-]+"$/);
    expect(await stillCurrent(held)).toEqual([true, true, true]);
  });

  it('change with a break done, skipped, moved away by a refresh or removed', async () => {
    const breaks = (await read('/api/upcoming-breaks')).json() as { id: string; completedAt: string | null; skipped: boolean }[];
    const open = breaks.filter((b) => !b.completedAt && !b.skipped);
    expect(open.length).toBeGreaterThanOrEqual(3);
    const changes = [
      () => client.request('PATCH', `/api/break-sessions/${open[0]!.id}`, { completedAt: clock.toISOString() }),
      () => client.request('PATCH', `/api/break-sessions/${open[1]!.id}`, { skipped: true }),
      () => client.request('DELETE', `/api/break-sessions/${open[2]!.id}`),
      () => client.request('POST', `/api/refresh-breakers/${userId}`),
    ];
    for (const change of changes) {
      const held = await tags();
      expect((await change()).statusCode).toBeLessThan(300);
      // One version covers the plan, so the calendar events are asked again too (their tag may move): never stale.
      const current = await stillCurrent(held);
      expect([current[0], current[2]]).toEqual([false, false]);
    }
  });

  it('change with a calendar event written by a sync', async () => {
    const held = await tags();
    await insertTestMeeting(subject.db, userId, {
      externalId: 'standup',
      title: 'Standup',
      start: new Date('2026-11-24T14:00:00Z'),
      end: new Date('2026-11-24T14:30:00Z'),
    });
    expect(await stillCurrent(held)).toEqual([false, false, false]);
  });

  it('change with the time zone, and not with a preference the answers do not show', async () => {
    let held = await tags();
    await client.request('PUT', '/api/user/preferences', { preferences: { calendarView: 'day' } });
    expect(await stillCurrent(held)).toEqual([true, true, true]);
    held = await tags();
    await client.request('PUT', '/api/user/preferences', { preferences: { timezone: 'America/Santiago' } });
    expect(await stillCurrent(held)).toEqual([false, false, false]);
  });

  it("change at the user's midnight, not before", async () => {
    // Santiago is UTC-3 in November: its midnight is 03:00 UTC.
    clock = new Date('2026-11-25T02:59:00Z');
    const held = await tags();
    clock = new Date('2026-11-25T02:59:59Z');
    expect(await stillCurrent(held)).toEqual([true, true, true]);
    clock = new Date('2026-11-25T03:00:00Z');
    expect(await stillCurrent(held)).toEqual([false, false, false]);
  });

  it("are never another user's, even at the same version and day", async () => {
    const other = new TestClient(subject.app);
    await other.registerAndSignIn(`plan-tags-other-${kind}`);
    const mine = await read('/api/upcoming-breaks');
    const theirs = await subject.app.inject({
      method: 'GET',
      url: '/api/upcoming-breaks',
      headers: { cookie: other.cookieHeader(), 'if-none-match': String(mine.headers['etag']) },
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['etag']).not.toBe(mine.headers['etag']);
  });
});

describe('conditional reads of two API processes on one PostgreSQL', () => {
  let first: AppUnderTest;
  let second: AppUnderTest;
  let client: TestClient;
  const PATH = '/api/upcoming-breaks';

  /** A read on the second process with the cookie the first one set. */
  const readOnSecond = (etag?: string) =>
    second.app.inject({
      method: 'GET',
      url: PATH,
      headers: { cookie: client.cookieHeader(), ...(etag ? { 'if-none-match': etag } : {}) },
    });

  /** The ETag the second process answers now, once it has answered conditional reads of it. */
  async function heldTag(): Promise<string> {
    const etag = String((await readOnSecond()).headers['etag']);
    for (let i = 0; i < 3; i += 1) expect((await readOnSecond(etag)).statusCode).toBe(304);
    return etag;
  }

  beforeAll(async () => {
    first = await startTestApp('postgres');
    second = await startTestApp('postgres', { database: sharedDatabase(first.databaseUrl!) });
    client = new TestClient(first.app);
    const { id } = await client.registerAndSignIn('two-processes');
    expect((await client.request('POST', `/api/refresh-breakers/${id}`)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('answer 200 with a new ETag as soon as the plan changed through the other', async () => {
    for (const timezone of ['Europe/Berlin', 'Asia/Tokyo', 'America/Santiago']) {
      const held = await heldTag();
      expect((await client.request('PUT', '/api/user/preferences', { preferences: { timezone } })).statusCode).toBe(200);
      const answer = await readOnSecond(held);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['etag']).not.toBe(held);
    }
  });

  it('answer 401 as soon as the session was signed out on the other', async () => {
    const held = await heldTag();
    const cookie = client.cookieHeader();
    expect((await client.request('POST', '/api/auth/logout')).statusCode).toBe(200);
    // The client dropped its cookie: the second process is asked with the one it held.
    const answer = await second.app.inject({ method: 'GET', url: PATH, headers: { cookie, 'if-none-match': held } });
    expect(answer.statusCode).toBe(401);
  });
});
