import { SERVER_MESSAGES } from '@breaker/api-contract';
import { insertUserWithPreferences, listSignInIdentities, newPreferences } from '@breaker/db';
import { startTestOidcProvider, type TestOidcProvider } from '@breaker/fakes/oidc';
import { signInAtProvider } from '@breaker/fakes/oidc/testing';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORIGIN, startTestApp, TestClient, type AppUnderTest } from '../app.test-support.js';

const CLIENT = { clientId: 'breaker', clientSecret: 'breaker-test-secret', redirectUris: [`${ORIGIN}/api/auth/oidc/callback`] };
const ADA = { sub: 'ada-c0ffee', email: 'ada@example.org', name: 'Ada Lovelace', givenName: 'Ada', familyName: 'Lovelace' };
const GRACE = { sub: 'grace-c0ffee', email: 'grace@example.org', name: 'Grace Hopper', givenName: 'Grace', familyName: 'Hopper' };
const ALAN = { sub: 'alan-c0ffee', email: 'alan@example.org', name: 'Alan Turing', givenName: 'Alan', familyName: 'Turing' };
const LINUS = { sub: 'linus-c0ffee', email: 'linus@example.org', name: 'Linus', givenName: 'Linus', familyName: 'T' };

function oidcEnv(issuer: string): Record<string, string> {
  return { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT.clientId, OIDC_CLIENT_SECRET: CLIENT.clientSecret };
}

/** Breaker's redirect to the provider: PKCE S256, state, nonce and the three scopes, to the registered callback. */
async function startAt(client: TestClient) {
  const { start, authorize } = await client.redirectToProvider('/api/auth/oidc');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('scope')).toBe('openid email profile');
  expect(authorize.searchParams.get('redirect_uri')).toBe(CLIENT.redirectUris[0]);
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  const flowCookie = start.cookies.find((cookie) => cookie.name === 'breaker_oidc_flow');
  expect(flowCookie).toMatchObject({ httpOnly: true, maxAge: 600, path: '/api/auth/oidc' });
  return { authorize, flowCookie: `breaker_oidc_flow=${flowCookie!.value}` };
}

/** Plays the browser through a whole sign-in: Breaker, the provider's login form, and back to Breaker's callback. */
async function signInThroughProvider(client: TestClient, login: string) {
  const { authorize } = await startAt(client);
  return client.returnTo(await signInAtProvider(authorize, login));
}

async function signedInUser(client: TestClient) {
  const me = await client.request('GET', '/api/auth/user');
  return me.statusCode === 200
    ? me.json<{ id: string; username: string; email: string; firstName: string; lastName: string }>()
    : null;
}

function expectBackAtLogin(response: { statusCode: number; headers: Record<string, unknown> }, error: string) {
  expect(response.statusCode).toBe(303);
  expect(response.headers['location']).toBe(`/login?error=${error}`);
}

/** A loopback port nothing listens on: a provider that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The reasons the server logged for failed sign-ins, newest last. */
function failureLog() {
  const reasons: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = JSON.parse(chunk.toString()) as { reason?: string };
      if (line.reason) reasons.push(line.reason);
      done();
    },
  });
  return { reasons, logger: pino({ level: 'warn' }, stream) };
}

describe('single sign-on through a real OpenID Connect provider, with password registration closed', () => {
  let provider: TestOidcProvider;
  let subject: AppUnderTest;
  const log = failureLog();
  beforeAll(async () => {
    provider = await startTestOidcProvider({ clients: [CLIENT], accounts: [ADA, GRACE, ALAN, LINUS] });
    subject = await startTestApp('pglite', {
      env: { ...oidcEnv(provider.issuer), OIDC_NAME: 'Acme staff login', ALLOW_REGISTRATION: 'false' },
      logger: log.logger,
    });
  }, 60_000);
  afterAll(async () => {
    await subject?.close();
    await provider?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    provider.onTokensIssued(undefined);
  });

  it('tells the web app the button label and that registration is closed', async () => {
    const capabilities = await new TestClient(subject.app).request('GET', '/trpc/auth.capabilities');
    expect(capabilities.json()).toMatchObject({ result: { data: { oidcSignIn: 'Acme staff login', registration: false } } });
  });

  it('creates the account from the claims, keyed by issuer and subject, and signs in again to the same account', async () => {
    const browser = new TestClient(subject.app);
    const landed = await signInThroughProvider(browser, ADA.sub);
    expect(landed.statusCode).toBe(303);
    expect(landed.headers.location).toBe('/');
    const me = await signedInUser(browser);
    expect(me).toMatchObject({ username: 'ada', email: ADA.email, firstName: 'Ada', lastName: 'Lovelace' });
    const identities = await listSignInIdentities(subject.db, me!.id);
    expect(identities.map(({ issuer, subject: sub }) => ({ issuer, sub }))).toEqual([{ issuer: provider.issuer, sub: ADA.sub }]);

    const again = new TestClient(subject.app);
    expect((await signInThroughProvider(again, ADA.sub)).headers.location).toBe('/');
    expect((await signedInUser(again))?.id).toBe(me!.id);
  });

  it('refuses a forged state, and a return this browser never started, without a session', async () => {
    const browser = new TestClient(subject.app);
    const { authorize } = await startAt(browser);
    const back = await signInAtProvider(authorize, GRACE.sub);
    back.searchParams.set('state', 'forged-by-someone-else');
    expectBackAtLogin(await browser.returnTo(back), 'oidc_failed');
    expect(log.reasons.at(-1)).toMatch(/"state"/);
    expect(await signedInUser(browser)).toBeNull();

    const stranger = new TestClient(subject.app);
    const { authorize: other } = await startAt(new TestClient(subject.app));
    const stolen = await signInAtProvider(other, GRACE.sub);
    expectBackAtLogin(await stranger.request('GET', `${stolen.pathname}${stolen.search}`), 'oidc_failed');
    expect(await signedInUser(stranger)).toBeNull();
  });

  it('refuses a code brought back a second time, even with the flow cookie kept', async () => {
    const { authorize, flowCookie } = await startAt(new TestClient(subject.app));
    const back = await signInAtProvider(authorize, GRACE.sub);
    const callback = (cookie: string) =>
      subject.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
    const first = await callback(flowCookie);
    expect(first.headers.location).toBe('/');
    const replayed = await callback(flowCookie);
    expectBackAtLogin(replayed, 'oidc_failed');
    expect(log.reasons.at(-1)).toMatch(/invalid_grant/);
    expect(replayed.cookies.some((cookie) => cookie.name === 'breaker_session' && cookie.value)).toBe(false);
  });

  it('refuses an ID token that has expired by the time it is checked', async () => {
    const browser = new TestClient(subject.app);
    const { authorize } = await startAt(browser);
    const back = await signInAtProvider(authorize, ALAN.sub);
    // The provider signs a token valid for ten minutes; Breaker's clock reads it eleven minutes later.
    provider.onTokensIssued(() => {
      const realNow = Date.now.bind(Date);
      vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 11 * 60 * 1000);
    });
    expectBackAtLogin(await browser.returnTo(back), 'oidc_failed');
    vi.restoreAllMocks();
    expect(log.reasons.at(-1)).toMatch(/timestamp claim value failed/);
    expect(await signedInUser(browser)).toBeNull();
  });

  it('accepts ID tokens signed with a rotated key, fetching the provider’s new keys', async () => {
    const first = new TestClient(subject.app);
    expect((await signInThroughProvider(first, ALAN.sub)).headers.location).toBe('/');

    provider.rotateSigningKey();
    const [newKey, oldKey] = provider.signingKeyIds();
    const signedWith: string[] = [];
    provider.onTokensIssued((idToken) => {
      const header = JSON.parse(Buffer.from(idToken.split('.')[0]!, 'base64url').toString()) as { kid: string };
      signedWith.push(header.kid);
    });
    // A minute on: Breaker's copy of the keys is old enough to be fetched again for a key id it does not know.
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 61 * 1000);
    const second = new TestClient(subject.app);
    expect((await signInThroughProvider(second, ALAN.sub)).headers.location).toBe('/');
    expect(signedWith).toEqual([newKey]);
    expect(newKey).not.toBe(oldKey);
    expect((await signedInUser(second))?.id).toBe((await signedInUser(first))?.id);
  });

  it('never merges into a password account with the same e-mail', async () => {
    const password = await insertUserWithPreferences(
      subject.db,
      { username: 'linus-pw', email: LINUS.email.toUpperCase(), password_hash: 'x' },
      newPreferences(),
    );
    const browser = new TestClient(subject.app);
    expectBackAtLogin(await signInThroughProvider(browser, LINUS.sub), 'oidc_email_in_use');
    expect(await signedInUser(browser)).toBeNull();
    expect(await listSignInIdentities(subject.db, password.id)).toEqual([]);
  });

  it('answers 403 with a message to password registration, on REST and tRPC', async () => {
    const client = new TestClient(subject.app);
    const input = { username: 'newcomer', email: 'newcomer@example.org', password: 'correct horse' };
    const rest = await client.request('POST', '/api/auth/register', input);
    expect(rest.statusCode).toBe(403);
    expect(rest.json()).toEqual({ message: SERVER_MESSAGES.registrationClosed });
    const trpc = await client.request('POST', '/trpc/auth.register', input);
    expect(trpc.statusCode).toBe(403);
    expect(trpc.body).toContain(SERVER_MESSAGES.registrationClosed);
  });
});

describe('single sign-on while the provider is down', () => {
  let subject: AppUnderTest;
  beforeAll(async () => {
    subject = await startTestApp('pglite', { env: oidcEnv(`http://127.0.0.1:${await closedPort()}`) });
  }, 60_000);
  afterAll(async () => {
    await subject?.close();
  });

  it('sends the browser back to /login saying so, with no flow and no session', async () => {
    const browser = new TestClient(subject.app);
    const start = await browser.request('GET', '/api/auth/oidc');
    expectBackAtLogin(start, 'oidc_unavailable');
    expect(start.cookies).toEqual([]);
    expect(await signedInUser(browser)).toBeNull();
  });

  it('says so too when the provider goes down between the redirect and the return', async () => {
    const provider = await startTestOidcProvider({ clients: [CLIENT], accounts: [ADA] });
    const app = await startTestApp('pglite', { env: oidcEnv(provider.issuer) });
    try {
      const browser = new TestClient(app.app);
      const { authorize } = await startAt(browser);
      const back = await signInAtProvider(authorize, ADA.sub);
      await provider.close();
      expectBackAtLogin(await browser.returnTo(back), 'oidc_unavailable');
      expect(await signedInUser(browser)).toBeNull();
    } finally {
      await app.close();
      await provider.close().catch(() => undefined);
    }
  });
});

describe('without single sign-on configured', () => {
  let subject: AppUnderTest;
  beforeAll(async () => {
    subject = await startTestApp('pglite');
  }, 60_000);
  afterAll(async () => {
    await subject?.close();
  });

  it('says so on both navigations, shows no button, and keeps registration open', async () => {
    const client = new TestClient(subject.app);
    for (const url of ['/api/auth/oidc', '/api/auth/oidc/callback?code=x&state=y']) {
      expectBackAtLogin(await client.request('GET', url), 'oidc_not_configured');
    }
    const capabilities = await client.request('GET', '/trpc/auth.capabilities');
    expect(capabilities.json()).toMatchObject({ result: { data: { oidcSignIn: null, registration: true } } });
    await client.registerAndSignIn('open-door');
  });
});
