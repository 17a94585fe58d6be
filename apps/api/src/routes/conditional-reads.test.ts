import { SERVER_MESSAGES } from '@breaker/api-contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithPlannedBreaks, ORIGIN, startTestApp, TestClient, type AppUnderTest } from '../app.test-support.js';

/** What the web app re-reads, through both doors: the REST shims and tRPC GET queries, batched as the web app does. */
const POLLED_READS = [
  '/api/upcoming-breaks',
  '/api/calendar-events',
  '/trpc/breaks.upcoming',
  '/trpc/breaks.upcoming,calendar.events,calendar.status?batch=1&input={}',
];

describe('conditional reads', () => {
  let subject: AppUnderTest;
  let client: TestClient;
  let userId: string;

  /** A GET as the browser sends it, with the session cookie unless told otherwise. */
  const read = (url: string, headers: Record<string, string> = {}, cookie = client.cookieHeader()) =>
    subject.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });

  beforeAll(async () => {
    subject = await startTestApp('pglite');
    ({ client, userId } = await signInWithPlannedBreaks(subject.app, 'conditional', 'UTC'));
  });
  afterAll(() => subject?.close());

  function expectRevalidated(response: LightMyRequestResponse): string {
    const etag = response.headers['etag'];
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(String(response.headers['vary']).split(', ')).toContain('cookie');
    return String(etag);
  }

  it.each(POLLED_READS)('GET %s answers 304 with no body when the ETag still matches', async (url) => {
    const first = await read(url);
    expect(first.statusCode).toBe(200);
    const etag = expectRevalidated(first);

    const again = await read(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['content-length']).toBeUndefined();
    expect(expectRevalidated(again)).toBe(etag);
  });

  it('keeps tRPC its own headers on a conditional answer', async () => {
    const answer = await read('/trpc/breaks.upcoming');
    expect(answer.headers['content-type']).toBe('application/json');
    expect(String(answer.headers['vary']).split(', ')).toEqual(expect.arrayContaining(['trpc-accept', 'accept', 'cookie']));
  });

  it('answers 200 with a new ETag once a break changes', async () => {
    for (const url of ['/api/upcoming-breaks', '/trpc/breaks.upcoming']) {
      const before = await read(url);
      const etag = expectRevalidated(before);
      const breaks = (url.startsWith('/trpc') ? before.json().result.data : before.json()) as { id: string; skipped: boolean }[];
      const planned = breaks.find((session) => !session.skipped);
      const skipped = await client.request('PATCH', `/api/break-sessions/${planned!.id}`, { skipped: true });
      expect(skipped.statusCode).toBe(200);

      const after = await read(url, { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(expectRevalidated(after)).not.toBe(etag);
      expect(after.body).not.toBe(before.body);
    }
  });

  it('never answers 304 without a valid session', async () => {
    const signedIn = await read('/api/upcoming-breaks');
    const etag = expectRevalidated(signedIn);
    const outsider = new TestClient(subject.app);
    await outsider.registerAndSignIn('conditional-outsider');

    for (const cookie of ['', 'breaker_session=not-a-session']) {
      for (const url of ['/api/upcoming-breaks', '/trpc/breaks.upcoming']) {
        const answer = await read(url, { 'if-none-match': etag }, cookie);
        expect(answer.statusCode, `${url} with "${cookie}"`).toBe(401);
        expect(answer.headers['etag']).toBeUndefined();
      }
    }
    expect((await read('/api/upcoming-breaks', { 'if-none-match': etag }, '')).json()).toEqual({
      message: SERVER_MESSAGES.notSignedIn,
    });
    // Someone else's session with this ETag gets their own answer.
    const other = await read('/api/upcoming-breaks', { 'if-none-match': etag }, outsider.cookieHeader());
    expect(other.statusCode).toBe(200);
    expect(other.headers['etag']).not.toBe(etag);
  });

  it('puts no ETag on writes, nor on reads that failed', async () => {
    const writes = [
      await client.request('POST', `/api/refresh-breakers/${userId}`),
      await client.request('PUT', '/api/user/preferences', { preferences: { breakFrequency: 4 } }),
      await subject.app.inject({
        method: 'POST',
        url: '/trpc/breaks.refresh',
        headers: { cookie: client.cookieHeader(), origin: ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ userId }),
      }),
    ];
    for (const write of writes) {
      expect(write.statusCode).toBe(200);
      expect(write.headers['etag']).toBeUndefined();
      expect(write.headers['cache-control']).toBeUndefined();
    }
    const failed = await read('/trpc/breaks.slots?input={"id":"not-a-uuid"}');
    expect(failed.statusCode).toBe(400);
    expect(failed.headers['etag']).toBeUndefined();
  });
});
