import { startFakeGoogle, type FakeGoogle } from '@breaker/fakes/google';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForSuite, fakeGoogleEnv, GOOGLE_TEST_CLIENT, TestClient } from '../app.test-support.js';

const ADA = {
  sub: '1001',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  givenName: 'Ada',
  familyName: 'Lovelace',
  picture: 'https://example.com/ada.png',
};

/** Plays the browser: follows Breaker's redirect to Google, lets the fake consent, and brings the code back. */
async function signInThroughGoogle(client: TestClient, loginHint?: string) {
  const { authorize } = await client.redirectToProvider('/api/auth/google');
  expect(authorize.pathname).toBe('/o/oauth2/v2/auth');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('scope')).toBe('openid email profile https://www.googleapis.com/auth/calendar.events');
  expect(authorize.searchParams.get('access_type')).toBe('offline');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  if (loginHint) authorize.searchParams.set('login_hint', loginHint);
  return client.returnFromProvider(authorize);
}

describe('Google sign-in through the fake Google', () => {
  let google: FakeGoogle;
  beforeAll(async () => {
    google = await startFakeGoogle({ clients: [GOOGLE_TEST_CLIENT], accounts: [ADA], autoApprove: true });
  });
  afterAll(() => google?.close());
  const subject = appForSuite('pglite', () => ({ env: fakeGoogleEnv(google.origin) }));

  it('creates the account from Google, keyed by its subject, and signs in again to the same account', async () => {
    const browser = new TestClient(subject.app);
    const landed = await signInThroughGoogle(browser);
    expect(landed.statusCode).toBe(303);
    expect(landed.headers.location).toBe('/');
    const me = (await browser.request('GET', '/api/auth/user')).json<{
      id: string;
      email: string;
      firstName: string;
      lastName: string;
      profileImageUrl: string;
    }>();
    expect(me).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: 'https://example.com/ada.png',
    });

    const again = new TestClient(subject.app);
    await signInThroughGoogle(again);
    expect((await again.request('GET', '/api/auth/user')).json<{ id: string }>().id).toBe(me.id);
    expect(google.calls.some((call) => call.path === '/token')).toBe(true);
  });

  it('connects the calendar in the same consent, so the meetings sync without asking again', async () => {
    const email = 'katherine@example.com';
    google.addAccount({
      sub: '4004',
      email,
      name: 'Katherine Johnson',
      givenName: 'Katherine',
      familyName: 'Johnson',
      picture: 'https://example.com/k.png',
    });
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    google.setEvents(email, email, [
      {
        id: 'launch',
        summary: 'Launch review',
        start: { dateTime: `${tomorrow}T10:00:00Z` },
        end: { dateTime: `${tomorrow}T11:00:00Z` },
      },
    ]);
    const authorizations = () => google.calls.filter((call) => call.path === '/o/oauth2/v2/auth').length;
    const before = authorizations();

    const browser = new TestClient(subject.app);
    expect((await signInThroughGoogle(browser, email)).headers.location).toBe('/');
    const me = (await browser.request('GET', '/api/auth/user')).json<{ id: string; calendarProvider: string | null }>();
    expect(me.calendarProvider).toBe('google');
    expect((await browser.request('POST', `/api/calendar/sync/${me.id}`)).statusCode).toBe(200);
    const titles = (await browser.request('GET', '/api/calendar-events')).json<{ title: string }[]>().map((e) => e.title);
    expect(titles).toEqual(['Launch review']);
    expect(authorizations() - before).toBe(1);

    // Google grants no new refresh token on a later sign-in: the stored calendar connection stays and still syncs.
    const again = new TestClient(subject.app);
    await signInThroughGoogle(again, email);
    expect((await again.request('GET', '/api/auth/user')).json()).toMatchObject({ id: me.id, calendarProvider: 'google' });
    const resynced = await again.request('POST', `/api/calendar/sync/${me.id}`);
    expect(resynced.statusCode).toBe(200);
    expect(resynced.json()).not.toMatchObject({ needsReconnection: true });
  });

  it('never merges into a password account that uses the same e-mail', async () => {
    const owner = new TestClient(subject.app);
    await owner.request('POST', '/api/auth/register', { username: 'grace', email: 'grace@example.com', password: 'secret1' });
    google.addAccount({
      sub: '2002',
      email: 'grace@example.com',
      name: 'Grace Hopper',
      givenName: 'Grace',
      familyName: 'Hopper',
      picture: 'https://example.com/g.png',
    });
    const browser = new TestClient(subject.app);
    const landed = await signInThroughGoogle(browser, 'grace@example.com');
    expect(landed.headers.location).toBe('/login?error=google_email_in_use');
    expect((await browser.request('GET', '/api/auth/user')).statusCode).toBe(401);
  });

  it('refuses a callback whose state does not match, and a denied consent', async () => {
    const browser = new TestClient(subject.app);
    await browser.request('GET', '/api/auth/google');
    const forged = await browser.request('GET', '/api/auth/google/callback?code=stolen&state=forged');
    expect(forged.headers.location).toBe('/login?error=google_failed');
    google.denyNextAuthorization();
    const denied = await signInThroughGoogle(new TestClient(subject.app));
    expect(denied.headers.location).toBe('/login?error=google_failed');
  });
});
