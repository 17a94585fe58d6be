import { ADELE_VANCE, OUTLOOK_USER, startFakeMicrosoft, type FakeMicrosoft } from '@breaker/fakes/microsoft';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForSuite, fakeMicrosoftEnv, MICROSOFT_TEST_CLIENT, TestClient } from '../app.test-support.js';

const SCOPES = 'openid profile email offline_access User.Read Calendars.ReadWrite';

/** Plays the browser: follows Breaker's redirect to Microsoft, lets the fake pick the account, and brings the code back. */
async function signInThroughMicrosoft(client: TestClient, loginHint?: string, tamper?: (authorize: URL) => void) {
  const { authorize } = await client.redirectToProvider('/api/auth/microsoft');
  expect(authorize.pathname).toBe('/common/oauth2/v2.0/authorize');
  expect(authorize.searchParams.get('scope')).toBe(SCOPES);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  if (loginHint) authorize.searchParams.set('login_hint', loginHint);
  tamper?.(authorize);
  return client.returnFromProvider(authorize);
}

describe('Microsoft sign-in through the fake Microsoft', () => {
  let microsoft: FakeMicrosoft;
  beforeAll(async () => {
    microsoft = await startFakeMicrosoft({
      clients: [MICROSOFT_TEST_CLIENT],
      accounts: [ADELE_VANCE, OUTLOOK_USER],
      autoApprove: true,
    });
  });
  afterAll(() => microsoft?.close());
  const subject = appForSuite('pglite', () => ({ env: fakeMicrosoftEnv(microsoft.origin) }));

  it('creates the account keyed by tenant and object id, connects the calendar in the same consent, and signs in again to it', async () => {
    const browser = new TestClient(subject.app);
    const landed = await signInThroughMicrosoft(browser, ADELE_VANCE.userPrincipalName);
    expect(landed.headers.location).toBe('/');
    const me = (await browser.request('GET', '/api/auth/user')).json<{
      id: string;
      email: string;
      firstName: string;
      calendarProvider: string;
    }>();
    expect(me).toMatchObject({ email: ADELE_VANCE.mail, firstName: 'Adele', calendarProvider: 'microsoft' });
    const identity = await subject.db
      .selectFrom('sign_in_identities')
      .selectAll()
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(identity).toMatchObject({
      issuer: `https://login.microsoftonline.com/${ADELE_VANCE.tid}/v2.0`,
      subject: ADELE_VANCE.oid,
    });
    const connection = await subject.db
      .selectFrom('calendar_connections')
      .selectAll()
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(connection.provider).toBe('microsoft');
    expect(connection.refresh_token_encrypted).toMatch(/^v1\./);

    const again = new TestClient(subject.app);
    await signInThroughMicrosoft(again, ADELE_VANCE.userPrincipalName);
    expect((await again.request('GET', '/api/auth/user')).json<{ id: string }>().id).toBe(me.id);
  });

  it('leaves the calendar unconnected when the user declines the calendar permission', async () => {
    microsoft.declineNextConsent(['Calendars.ReadWrite']);
    const browser = new TestClient(subject.app);
    expect((await signInThroughMicrosoft(browser, OUTLOOK_USER.userPrincipalName)).headers.location).toBe('/');
    expect((await browser.request('GET', '/api/auth/user')).json()).toMatchObject({
      email: OUTLOOK_USER.mail,
      calendarProvider: null,
    });
  });

  it('never merges into a password account that uses the same e-mail', async () => {
    const owner = new TestClient(subject.app);
    await owner.request('POST', '/api/auth/register', {
      username: 'megan',
      email: 'megan.bowen@contoso.example',
      password: 'secret1',
    });
    microsoft.addAccount({
      ...ADELE_VANCE,
      oid: 'b1d2e3f4-0000-4000-8000-000000000001',
      userPrincipalName: 'megan.bowen@contoso.example',
      mail: 'megan.bowen@contoso.example',
      displayName: 'Megan Bowen',
    });
    const browser = new TestClient(subject.app);
    const landed = await signInThroughMicrosoft(browser, 'megan.bowen@contoso.example');
    expect(landed.headers.location).toBe('/login?error=microsoft_email_in_use');
    expect((await browser.request('GET', '/api/auth/user')).statusCode).toBe(401);
  });

  it('refuses an ID token for another nonce, a forged state and a denied consent', async () => {
    const replayed = await signInThroughMicrosoft(new TestClient(subject.app), undefined, (authorize) =>
      authorize.searchParams.set('nonce', 'someone-elses-nonce'),
    );
    expect(replayed.headers.location).toBe('/login?error=microsoft_failed');
    const browser = new TestClient(subject.app);
    await browser.request('GET', '/api/auth/microsoft');
    expect((await browser.request('GET', '/api/auth/microsoft/callback?code=stolen&state=forged')).headers.location).toBe(
      '/login?error=microsoft_failed',
    );
    microsoft.denyNextAuthorization();
    expect((await signInThroughMicrosoft(new TestClient(subject.app))).headers.location).toBe('/login?error=microsoft_failed');
  });
});

describe('Microsoft sign-in on a server without a Microsoft app', () => {
  const subject = appForSuite('pglite');

  it('says so instead of failing', async () => {
    const start = await new TestClient(subject.app).request('GET', '/api/auth/microsoft');
    expect(start.headers.location).toBe('/login?error=microsoft_not_configured');
  });
});
