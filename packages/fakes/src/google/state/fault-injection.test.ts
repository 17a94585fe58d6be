import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeGoogle } from '../fake-google.js';
import { callApi, eventsPath, loadFixture, signIn, startTestFake } from '../fake-google.test-support.js';

interface DocumentedErrors {
  errors: Array<{ name: string; body: unknown }>;
}

const documented = (name: string): unknown =>
  loadFixture<DocumentedErrors>('calendar.errors.documented-all.json').errors.find((error) => error.name === name)?.body;
const EVENTS = '/calendar/v3/calendars/primary/events';

describe('injected failures, delays and the call log', () => {
  let fake: FakeGoogle;
  let token: string;
  const listEvents = (init: RequestInit = {}): Promise<Response> =>
    callApi(fake, token, eventsPath({ singleEvents: 'true' }), init);

  beforeAll(async () => {
    fake = await startTestFake();
    token = (await signIn(fake)).access_token;
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.resetCalls());

  it('fails the next matching calls with the captured 429 body and Retry-After, then recovers', async () => {
    fake.failNext({ path: EVENTS, status: 429, times: 2, retryAfterSeconds: 7 });
    for (const _attempt of [1, 2]) {
      const response = await listEvents();
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe('7');
      expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
      expect((await response.text()).trim()).toBe(
        JSON.stringify(loadFixture('calendar.error.429-rateLimitExceeded.json'), null, 2),
      );
    }
    expect((await listEvents()).status).toBe(200);
  });

  it('sends 403 rate limits with either reason, and 500/503 backend errors', async () => {
    fake.failNext({ path: /\/events$/, status: 403 });
    expect(await (await listEvents()).json()).toEqual(loadFixture('calendar.error.403-rateLimitExceeded.json'));
    fake.failNext({ path: /\/events$/, status: 403, reason: 'userRateLimitExceeded' });
    expect(await (await listEvents()).json()).toEqual(documented('403-userRateLimitExceeded'));
    fake.failNext({ path: EVENTS, status: 500 });
    expect(await (await listEvents()).json()).toEqual(documented('500-backendError'));
    fake.failNext({ path: EVENTS, status: 503, retryAfterSeconds: 1 });
    const unavailable = await listEvents();
    expect(unavailable.status).toBe(503);
    expect(await unavailable.json()).toMatchObject({ error: { code: 503, errors: [{ reason: 'backendError' }] } });
  });

  it('only fails requests on the matching path', async () => {
    fake.failNext({ path: '/oauth2/v2/userinfo', status: 500 });
    expect((await listEvents()).status).toBe(200);
    expect((await callApi(fake, token, '/oauth2/v2/userinfo')).status).toBe(500);
  });

  it('holds the next matching response so client timeouts fire', async () => {
    fake.hangNext({ path: EVENTS, ms: 400 });
    await expect(listEvents({ signal: AbortSignal.timeout(100) })).rejects.toThrow();
    const started = Date.now();
    expect((await listEvents()).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(300);

    fake.hangNext({ path: EVENTS, ms: 150 });
    const delayedFrom = Date.now();
    expect((await listEvents()).status).toBe(200);
    expect(Date.now() - delayedFrom).toBeGreaterThanOrEqual(140);
  });

  it('logs every Google call with method, decoded path, query and time', async () => {
    await listEvents();
    await callApi(fake, token, '/calendar/v3/calendars/test.user%40gmail.com/events?eventTypes=default&eventTypes=focusTime');
    expect(fake.calls.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
      { method: 'GET', path: EVENTS, query: { singleEvents: 'true' } },
      {
        method: 'GET',
        path: '/calendar/v3/calendars/test.user@gmail.com/events',
        query: { eventTypes: ['default', 'focusTime'] },
      },
    ]);
    expect(fake.calls[0]?.at).toBeInstanceOf(Date);
    fake.resetCalls();
    expect(fake.calls).toEqual([]);
  });
});
