import { breakSession } from '@breaker/api-contract';
import { describe, expect, it } from 'vitest';
import { appForSuite, TestClient } from '../app.test-support.js';
import { hashSecret } from '@breaker/db';

const DAY = 24 * 60 * 60 * 1000;

describe('sessions', () => {
  let clock = Date.now();
  const subject = appForSuite('pglite', { now: () => new Date(clock) });

  function cookieOf(response: { cookies: { name: string; value: string; maxAge?: number }[] }) {
    return response.cookies.find((c) => c.name === 'breaker_session');
  }

  it('sets an HttpOnly, SameSite=Lax cookie holding a 160-bit secret, and stores only its hash', async () => {
    const client = new TestClient(subject.app);
    await client.request('POST', '/api/auth/register', { username: 'cookie', email: 'cookie@example.com', password: 'secret1' });
    const login = await client.request('POST', '/api/auth/login', { username: 'cookie', password: 'secret1' });
    const header = String(login.headers['set-cookie']);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Secure/);
    const token = cookieOf(login)!.value;
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const stored = await subject.db.selectFrom('sessions').select('id').execute();
    expect(stored.map((row) => row.id)).toContain(hashSecret(token));
    expect(stored.map((row) => row.id)).not.toContain(token);
  });

  it('issues a new session at every sign-in and ends the old one (no fixation)', async () => {
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('fixation');
    const planted = await subject.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: client.cookieHeader() },
    });
    expect(planted.statusCode).toBe(200);
    const before = client.cookieHeader();
    await client.request('POST', '/api/auth/login', { username: 'fixation', password: 'correct horse' });
    expect(client.cookieHeader()).not.toBe(before);
    const replay = await subject.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: before } });
    expect(replay.statusCode).toBe(401);
  });

  it('deletes the session on logout, so a copied cookie no longer works', async () => {
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('replay');
    const copied = client.cookieHeader();
    await client.request('POST', '/api/auth/logout', {});
    const replay = await subject.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: copied } });
    expect(replay.statusCode).toBe(401);
  });

  it('slides the idle expiry forward with use, but never past the 30-day absolute limit', async () => {
    clock = Date.now();
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('slider');
    const start = clock;
    // Each visit comes within the 14 idle days, well past the first 14 days in total.
    for (const day of [8, 16, 24, 29]) {
      clock = start + day * DAY;
      expect((await client.request('GET', '/api/auth/user')).statusCode).toBe(200);
    }
    clock = start + 30 * DAY + 1000;
    expect((await client.request('GET', '/api/auth/user')).statusCode).toBe(401);
  });

  it('sends the cookie again only when the expiry moves forward', async () => {
    clock = Date.now();
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('quiet-cookie');
    const start = clock;
    clock = start + 6 * DAY;
    const early = await client.request('GET', '/api/auth/user');
    expect(early.statusCode).toBe(200);
    expect(cookieOf(early)).toBeUndefined();
    clock = start + 8 * DAY;
    const extended = cookieOf(await client.request('GET', '/api/upcoming-breaks'));
    expect(extended?.maxAge).toBe((14 * DAY) / 1000);
    clock = start + 9 * DAY;
    expect(cookieOf(await client.request('GET', '/api/upcoming-breaks'))).toBeUndefined();
    clock = Date.now();
  });

  it('answers the upcoming breaks read with the session alike over REST, tRPC and a tRPC batch', async () => {
    clock = Date.now();
    const client = new TestClient(subject.app);
    const user = await client.registerAndSignIn('reader');
    await client.request('PUT', '/api/user/preferences', {
      preferences: { breakFrequency: 4, workStartTime: '00:00', workEndTime: '23:59', timezone: 'UTC' },
    });
    await client.request('PUT', '/api/user/preferences', { preferences: { workDays: [1, 2, 3, 4, 5, 6, 7] } });
    const { totalScheduled } = (await client.request('POST', `/api/refresh-breakers/${user.id}`)).json<{
      totalScheduled: number;
    }>();
    expect(totalScheduled).toBeGreaterThan(0);

    const rest = breakSession.array().parse((await client.request('GET', '/api/upcoming-breaks')).json());
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((b) => b.activity.id === b.activityId && b.activity.instructions.length > 0)).toBe(true);
    const single = (await client.request('GET', '/trpc/breaks.upcoming')).json<{ result: { data: unknown } }>();
    expect(single.result.data).toEqual(rest);
    const batch = (await client.request('GET', '/trpc/auth.user,breaks.upcoming?batch=1&input={}')).json<
      { result: { data: unknown } }[]
    >();
    expect(batch[1]!.result.data).toEqual(rest);

    await client.request('POST', '/api/auth/logout', {});
    expect((await client.request('GET', '/api/upcoming-breaks')).statusCode).toBe(401);
  });

  it('expires after 14 idle days', async () => {
    clock = Date.now();
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('sleeper');
    clock += 14 * DAY + 1000;
    expect((await client.request('GET', '/api/auth/user')).statusCode).toBe(401);
    clock = Date.now();
  });
});

describe('sessions over https', () => {
  const subject = appForSuite('pglite', { env: { APP_URL: 'https://breaker.example.com' } });

  it('marks the cookie Secure with the __Host- prefix', async () => {
    const registered = await subject.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { host: 'breaker.example.com', origin: 'https://breaker.example.com', 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'secure', email: 'secure@example.com', password: 'secret1' }),
    });
    expect(registered.statusCode).toBe(201);
    const login = await subject.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'breaker.example.com', origin: 'https://breaker.example.com', 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'secure', password: 'secret1' }),
    });
    const header = String(login.headers['set-cookie']);
    expect(header).toMatch(/^__Host-breaker_session=/);
    expect(header).toMatch(/Secure/);
    expect(login.headers['strict-transport-security']).toBeDefined();
  });
});
