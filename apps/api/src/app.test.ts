import { SERVER_MESSAGES, VALIDATION } from '@breaker/api-contract';
import { describe, expect, it } from 'vitest';
import { appForSuite, TestClient } from './app.test-support.js';

describe.each(['pglite', 'postgres'] as const)('the API on %s', (backend) => {
  const subject = appForSuite(backend, { env: { ALLOW_DEV_LOGIN: 'true' } });

  it('answers health and readiness', async () => {
    const client = new TestClient(subject.app);
    expect((await client.request('GET', '/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await client.request('GET', '/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: backend, jobs: 'in-process' });
  });

  it('registers, signs in, reports the user and signs out', async () => {
    const client = new TestClient(subject.app);
    expect((await client.request('GET', '/api/auth/user')).statusCode).toBe(401);
    const user = await client.registerAndSignIn('ada');
    const me = await client.request('GET', '/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, username: 'ada', preferences: { breakFrequency: 3, workStartTime: '08:00' } });
    expect((await client.request('POST', '/api/auth/logout', {})).statusCode).toBe(200);
    expect((await client.request('GET', '/api/auth/user')).statusCode).toBe(401);
  });

  it('gives the spec messages for bad registrations and one answer for any failed login', async () => {
    const client = new TestClient(subject.app);
    const short = await client.request('POST', '/api/auth/register', { username: 'ab', email: 'a@b.co', password: '123456' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: VALIDATION.usernameMin });
    const badEmail = await client.request('POST', '/api/auth/register', { username: 'abc', email: 'nope', password: '123456' });
    expect(badEmail.json()).toEqual({ message: VALIDATION.email });
    await client.registerAndSignIn('grace');
    const duplicate = await client.request('POST', '/api/auth/register', {
      username: 'GRACE',
      email: 'g2@example.com',
      password: '123456',
    });
    expect(duplicate.statusCode).toBe(409);
    const wrong = await client.request('POST', '/api/auth/login', { username: 'grace', password: 'wrong password' });
    const unknown = await client.request('POST', '/api/auth/login', { username: 'nobody', password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ message: SERVER_MESSAGES.invalidCredentials });
  });

  it('refuses state-changing requests from a foreign or missing origin', async () => {
    const foreign = await subject.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'ada', password: 'correct horse' }),
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: SERVER_MESSAGES.foreignOrigin });
    const missing = await subject.app.inject({ method: 'POST', url: '/trpc/auth.logout' });
    expect(missing.statusCode).toBe(403);
  });

  it('validates and saves preferences, keeping what was stored on bad input', async () => {
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('linus');
    const bad = await client.request('PUT', '/api/user/preferences', { preferences: { breakFrequency: 9 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: VALIDATION.breakFrequency });
    const badStart = await client.request('PUT', '/api/user/preferences', { preferences: { workStartTime: '06:00' } });
    expect(badStart.json()).toEqual({ message: VALIDATION.workStartTime });
    const saved = await client.request('PUT', '/api/user/preferences', {
      preferences: {
        breakFrequency: 5,
        workStartTime: '09:00',
        workEndTime: '18:00',
        notificationsEnabled: false,
        timezone: 'Europe/Berlin',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      breakFrequency: 5,
      workStartTime: '09:00',
      timezone: 'Europe/Berlin',
      notificationsEnabled: false,
    });
    const badZone = await client.request('PUT', '/api/user/preferences', { preferences: { timezone: 'Mars/Olympus' } });
    expect(badZone.statusCode).toBe(400);
    expect((await client.request('GET', '/api/user/preferences')).json()).toMatchObject({
      breakFrequency: 5,
      timezone: 'Europe/Berlin',
    });
  });

  it('refreshes breaks through the job path and lets the owner complete, skip and remove them', async () => {
    const client = new TestClient(subject.app);
    const user = await client.registerAndSignIn('katherine');
    await client.request('PUT', '/api/user/preferences', {
      preferences: { breakFrequency: 4, workStartTime: '07:00', workEndTime: '19:00', timezone: 'UTC' },
    });
    await client.request('PUT', '/api/user/preferences', { preferences: { workDays: [1, 2, 3, 4, 5, 6, 7] } });
    const refreshed = await client.request('POST', `/api/refresh-breakers/${user.id}`);
    expect(refreshed.statusCode).toBe(200);
    const result = refreshed.json<{ totalScheduled: number; breaks: { id: string }[] }>();
    expect(result.totalScheduled).toBeGreaterThanOrEqual(4 * 5);
    const upcoming = (await client.request('GET', '/api/upcoming-breaks')).json<{ id: string; activity: { name: string } }[]>();
    expect(upcoming.length).toBe(result.totalScheduled);
    expect(upcoming[0]?.activity.name).toBeTruthy();

    const [first, second, third] = upcoming;
    const completed = await client.request('PATCH', `/api/break-sessions/${first!.id}`, {
      completedAt: new Date().toISOString(),
    });
    expect(completed.json()).toMatchObject({ id: first!.id, skipped: false });
    expect(completed.json<{ completedAt: string | null }>().completedAt).not.toBeNull();
    expect((await client.request('PATCH', `/api/break-sessions/${second!.id}`, { skipped: true })).json()).toMatchObject({
      skipped: true,
    });
    expect((await client.request('PATCH', `/api/break-sessions/${third!.id}`, { skipped: 'yes' })).statusCode).toBe(400);
    expect((await client.request('DELETE', `/api/break-sessions/${third!.id}`)).statusCode).toBe(200);

    // Re-planning keeps the completed and skipped breaks.
    await client.request('POST', `/api/refresh-breakers/${user.id}`);
    const after = (await client.request('GET', '/api/upcoming-breaks')).json<{ id: string }[]>().map((b) => b.id);
    expect(after).toEqual(expect.arrayContaining([first!.id, second!.id]));
  });

  it('keeps each user to their own breaks', async () => {
    const owner = new TestClient(subject.app);
    const intruder = new TestClient(subject.app);
    const ownerUser = await owner.registerAndSignIn('margaret');
    await owner.request('PUT', '/api/user/preferences', { preferences: { workDays: [1, 2, 3, 4, 5, 6, 7] } });
    await intruder.registerAndSignIn('mallory');
    const denied = await intruder.request('POST', `/api/refresh-breakers/${ownerUser.id}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: SERVER_MESSAGES.refreshOwnOnly });
    await owner.request('POST', `/api/refresh-breakers/${ownerUser.id}`);
    const [someBreak] = (await owner.request('GET', '/api/upcoming-breaks')).json<{ id: string }[]>();
    expect((await intruder.request('DELETE', `/api/break-sessions/${someBreak!.id}`)).statusCode).toBe(404);
    expect((await owner.request('DELETE', `/api/break-sessions/${someBreak!.id}`)).statusCode).toBe(200);
    expect((await intruder.request('PATCH', '/api/break-sessions/not-a-uuid', { skipped: true })).statusCode).toBe(400);
  });

  it('serves the same procedures over tRPC', async () => {
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('barbara');
    const activities = await client.request('GET', '/trpc/activities.list');
    expect(activities.statusCode).toBe(200);
    expect(activities.json<{ result: { data: unknown[] } }>().result.data.length).toBeGreaterThanOrEqual(40);
    const bad = await client.request('POST', '/trpc/preferences.update', { preferences: { workEndTime: '12:00' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { message: string } }>().error.message).toBe(VALIDATION.workEndTime);
  });

  it('answers JSON 404s for unknown API paths and things that are not there', async () => {
    const client = new TestClient(subject.app);
    const unknown = await client.request('GET', '/api/nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SERVER_MESSAGES.notFound });
    await client.registerAndSignIn('nofeed');
    const noFeed = await client.request('DELETE', '/api/calendar/ics-feed');
    expect(noFeed.statusCode).toBe(404);
    expect(noFeed.json()).toEqual({ message: 'No calendar feed is connected' });
    const malformed = await subject.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toBeTruthy();
  });

  it('says Google sign-in is not configured instead of failing', async () => {
    const client = new TestClient(subject.app);
    for (const url of ['/api/auth/google', '/api/auth/google/callback?code=x&state=y']) {
      const response = await client.request('GET', url);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/google-login?error=google_not_configured');
    }
    expect((await client.request('GET', '/api/login')).headers.location).toBe('/login');
    const diagnostics = (await client.request('GET', '/api/debug/oauth-config')).json();
    expect(diagnostics).toEqual({
      domain: 'localhost:3000',
      loginCallback: 'http://localhost:3000/api/auth/google/callback',
      calendarCallback: 'http://localhost:3000/api/auth/google/calendar/callback',
      googleClientId: null,
      redirectUrisNeeded: [
        'http://localhost:3000/api/auth/google/callback',
        'http://localhost:3000/api/auth/google/calendar/callback',
      ],
    });
  });

  it('signs in the development test user only when development sign-ins are on', async () => {
    const client = new TestClient(subject.app);
    const login = await client.request('POST', '/api/debug/automated-test-login');
    expect(login.statusCode).toBe(200);
    expect(login.json<{ userId: string }>().userId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await client.request('GET', '/api/auth/user')).json()).toMatchObject({ username: 'testuser' });
  });
});

describe('development sign-ins when off', () => {
  const subject = appForSuite('pglite');

  it('look like unknown paths', async () => {
    const client = new TestClient(subject.app);
    for (const url of ['/api/auth/test-login', '/api/debug/automated-test-login']) {
      expect((await client.request('POST', url)).statusCode).toBe(404);
    }
    expect((await client.request('POST', '/api/debug/bypass-login', { email: 'a@b.co' })).statusCode).toBe(404);
  });
});

describe('OAuth diagnostics with Google configured', () => {
  const subject = appForSuite('pglite', {
    env: { GOOGLE_CLIENT_ID: 'client-id.apps.example', GOOGLE_CLIENT_SECRET: 'very-secret-value', ALLOW_DEV_LOGIN: 'true' },
  });

  it('shows the client id and never the secret', async () => {
    const response = await new TestClient(subject.app).request('GET', '/api/debug/oauth-config');
    expect(response.json()).toMatchObject({ googleClientId: 'client-id.apps.example' });
    expect(response.body).not.toContain('very-secret-value');
  });
});
