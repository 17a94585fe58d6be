import { createPublicKey, createVerify, type JsonWebKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeGoogle } from '../fake-google.js';
import {
  authorizationUrl,
  authorize,
  loadFixture,
  pkcePair,
  REDIRECT_URI,
  SCOPES,
  signIn,
  startTestFake,
  TEST_CLIENT,
  tokenRequest,
  USER,
} from '../fake-google.test-support.js';

const clientCredentials = { client_id: TEST_CLIENT.clientId, client_secret: TEST_CLIENT.clientSecret };

function decodeJwt(token: string): {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  signingInput: string;
  signature: string;
} {
  const [header = '', claims = '', signature = ''] = token.split('.');
  const decode = (part: string): Record<string, unknown> =>
    JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  return { header: decode(header), claims: decode(claims), signingInput: `${header}.${claims}`, signature };
}

describe('OAuth 2.0 authorization code flow with PKCE', () => {
  let fake: FakeGoogle;
  beforeAll(async () => {
    fake = await startTestFake();
    fake.addAccount({
      sub: '100000000000000000002',
      email: 'second.user@gmail.com',
      name: 'Second User',
      givenName: 'Second',
      familyName: 'User',
      picture: 'https://lh3.googleusercontent.com/a/second',
    });
  });
  afterAll(() => fake.close());

  it('redirects back with code, state and granted scopes, then exchanges the code and verifier for tokens', async () => {
    const { verifier, challenge } = pkcePair();
    const redirect = await authorize(fake, {
      challenge,
      scope: 'openid email profile https://www.googleapis.com/auth/calendar.events',
    });
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT_URI);
    expect(redirect.searchParams.get('state')).toBe('state-123');
    expect(redirect.searchParams.get('code')).toMatch(/^4\/0A/);
    expect(redirect.searchParams.get('scope')).toBe(
      'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile https://www.googleapis.com/auth/calendar.events',
    );

    const response = await tokenRequest(fake, {
      grant_type: 'authorization_code',
      code: redirect.searchParams.get('code') ?? '',
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      ...clientCredentials,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    const tokens = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(tokens)).toEqual(['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type', 'id_token']);
    expect(tokens).toMatchObject({ expires_in: 3599, token_type: 'Bearer', scope: redirect.searchParams.get('scope') });
    expect(tokens.access_token).toMatch(/^ya29\./);
    expect(tokens.refresh_token).toMatch(/^1\/\/0/);

    const idToken = decodeJwt(String(tokens.id_token));
    expect(idToken.header).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    expect(idToken.claims).toMatchObject({
      iss: 'https://accounts.google.com',
      aud: TEST_CLIENT.clientId,
      azp: TEST_CLIENT.clientId,
      sub: '100000000000000000001',
      email: USER,
      email_verified: true,
      name: 'Test User',
      given_name: 'Test',
      family_name: 'User',
    });
    expect(Number(idToken.claims.exp) - Number(idToken.claims.iat)).toBe(3600);

    const jwks = (await (await fetch(`${fake.origin}/oauth2/v3/certs`)).json()) as { keys: Array<JsonWebKey & { kid: string }> };
    const jwk = jwks.keys.find((key) => key.kid === idToken.header.kid);
    const verified = createVerify('RSA-SHA256')
      .update(idToken.signingInput)
      .verify(createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' }), idToken.signature, 'base64url');
    expect(verified).toBe(true);
  });

  it('refuses a wrong verifier, a missing verifier, and a code used twice with invalid_grant', async () => {
    const { challenge } = pkcePair();
    const wrong = await authorize(fake, { challenge });
    const exchange = (code: string, verifier?: string): Promise<Response> =>
      tokenRequest(fake, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        ...(verifier !== undefined && { code_verifier: verifier }),
        ...clientCredentials,
      });
    const wrongVerifier = await exchange(wrong.searchParams.get('code') ?? '', pkcePair().verifier);
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid code verifier.' });

    const missing = await authorize(fake, { challenge });
    const noVerifier = await exchange(missing.searchParams.get('code') ?? '');
    expect(await noVerifier.json()).toEqual({ error: 'invalid_grant', error_description: 'Missing code verifier.' });

    const pair = pkcePair();
    const once = await authorize(fake, { challenge: pair.challenge });
    const code = once.searchParams.get('code') ?? '';
    expect((await exchange(code, pair.verifier)).status).toBe(200);
    const reused = await exchange(code, pair.verifier);
    expect(reused.status).toBe(400);
    expect(reused.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(await reused.json()).toEqual(loadFixture('oauth2.token.400-invalid_grant.bad-request.json'));
  });

  it('shows an unregistered redirect_uri an error page, and refuses a token request whose redirect_uri differs', async () => {
    const page = await fetch(authorizationUrl(fake, { redirectUri: 'https://evil.example/callback' }), { redirect: 'manual' });
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('Error 400: redirect_uri_mismatch');
    expect(html).not.toContain('<script');

    const unknownClient = await fetch(authorizationUrl(fake, { clientId: 'nobody' }), { redirect: 'manual' });
    expect(unknownClient.status).toBe(401);
    expect(await unknownClient.text()).toContain('invalid_client');

    const { verifier, challenge } = pkcePair();
    const redirect = await authorize(fake, { challenge });
    const response = await tokenRequest(fake, {
      grant_type: 'authorization_code',
      code: redirect.searchParams.get('code') ?? '',
      redirect_uri: 'http://localhost:3000/elsewhere',
      code_verifier: verifier,
      ...clientCredentials,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
  });

  it('gives a refresh token only on first consent or prompt=consent', async () => {
    const hint = { loginHint: 'second.user@gmail.com', scope: SCOPES.login };
    expect((await signIn(fake, hint)).refresh_token).toBeDefined();
    expect((await signIn(fake, hint)).refresh_token).toBeUndefined();
    expect((await signIn(fake, { ...hint, prompt: 'consent' })).refresh_token).toBeDefined();
    expect((await signIn(fake, { ...hint, accessType: 'online', prompt: 'consent' })).refresh_token).toBeUndefined();
  });

  it('signs in the account named by login_hint', async () => {
    const tokens = await signIn(fake, { loginHint: 'second.user@gmail.com', scope: SCOPES.login });
    expect(decodeJwt(tokens.id_token ?? '').claims).toMatchObject({
      sub: '100000000000000000002',
      email: 'second.user@gmail.com',
    });
  });

  it('ends the next authorization in access_denied when told to', async () => {
    fake.denyNextAuthorization();
    const denied = await authorize(fake);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('state-123');
    expect(denied.searchParams.has('code')).toBe(false);
    expect((await authorize(fake)).searchParams.has('code')).toBe(true);
  });

  it('leaves out the scopes the user unticks on the next consent screen, and asks for them again next time', async () => {
    const calendar = 'https://www.googleapis.com/auth/calendar.events';
    const scope = `openid email ${calendar}`;
    fake.untickNextConsent([calendar]);
    const unticked = await authorize(fake, { scope, loginHint: 'second.user@gmail.com' });
    expect(unticked.searchParams.get('scope')).toBe('openid https://www.googleapis.com/auth/userinfo.email');
    const again = await authorize(fake, { scope, loginHint: 'second.user@gmail.com' });
    expect(again.searchParams.get('scope')).toContain(calendar);
    expect(again.searchParams.get('prompt')).toBe('consent');
  });

  it('refreshes with a live refresh token and answers a revoked one with the exact captured body', async () => {
    const { refresh_token: refreshToken } = await signIn(fake, { prompt: 'consent' });
    const refresh = (): Promise<Response> =>
      tokenRequest(fake, { grant_type: 'refresh_token', refresh_token: refreshToken ?? '', ...clientCredentials });

    const refreshed = await refresh();
    expect(refreshed.status).toBe(200);
    const body = (await refreshed.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['access_token', 'expires_in', 'scope', 'token_type', 'id_token']);
    expect(body).toMatchObject({
      expires_in: 3599,
      token_type: 'Bearer',
      scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/calendar.events',
    });

    fake.revokeRefreshTokens(USER);
    const revoked = await refresh();
    expect(revoked.status).toBe(400);
    expect(revoked.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect((await revoked.text()).trim()).toBe(JSON.stringify(loadFixture('oauth2.token.400-invalid_grant.json'), null, 2));
  });

  it('revokes a grant through /revoke, as google-auth-library calls it', async () => {
    const { refresh_token: refreshToken, access_token: accessToken } = await signIn(fake, { prompt: 'consent' });
    const revoke = await fetch(`${fake.origin}/revoke?token=${encodeURIComponent(accessToken)}`, { method: 'POST' });
    expect(revoke.status).toBe(200);
    const refreshed = await tokenRequest(fake, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken ?? '',
      ...clientCredentials,
    });
    expect(await refreshed.json()).toEqual(loadFixture('oauth2.token.400-invalid_grant.json'));
    const again = await fetch(`${fake.origin}/revoke`, { method: 'POST', body: new URLSearchParams({ token: accessToken }) });
    expect(again.status).toBe(400);
  });

  it('authenticates clients by body or HTTP Basic and answers a bad client with invalid_client', async () => {
    const { refresh_token: refreshToken } = await signIn(fake, { prompt: 'consent' });
    const basic = `Basic ${Buffer.from(`${TEST_CLIENT.clientId}:${TEST_CLIENT.clientSecret}`).toString('base64')}`;
    const viaBasic = await tokenRequest(
      fake,
      { grant_type: 'refresh_token', refresh_token: refreshToken ?? '' },
      { authorization: basic },
    );
    expect(viaBasic.status).toBe(200);

    const unknown = await tokenRequest(fake, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken ?? '',
      client_id: 'nobody',
      client_secret: 'x',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect((await unknown.text()).trim()).toBe(JSON.stringify(loadFixture('oauth2.token.401-invalid_client.json'), null, 2));

    const wrongSecret = await tokenRequest(fake, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken ?? '',
      client_id: TEST_CLIENT.clientId,
      client_secret: 'nope',
    });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toEqual({ error: 'invalid_client', error_description: 'Unauthorized' });

    const badGrantType = await tokenRequest(fake, { grant_type: 'password', ...clientCredentials });
    expect(await badGrantType.json()).toEqual({
      error: 'unsupported_grant_type',
      error_description: 'Invalid grant_type: password',
    });
  });
});

describe('the consent page (demo mode)', () => {
  let fake: FakeGoogle;
  beforeAll(async () => {
    fake = await startTestFake({ autoApprove: false });
  });
  afterAll(() => fake.close());

  async function consentForm(): Promise<{ requestId: string; html: string }> {
    const page = await fetch(authorizationUrl(fake, { challenge: pkcePair().challenge }));
    expect(page.status).toBe(200);
    const html = await page.text();
    return { html, requestId: /name="request" value="([^"]+)"/.exec(html)?.[1] ?? '' };
  }

  const answer = (form: Record<string, string>): Promise<Response> =>
    fetch(`${fake.origin}/signin/oauth/consent`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });

  it('lists the accounts with an Allow button, without scripts, and redirects once one is chosen', async () => {
    const { html, requestId } = await consentForm();
    expect(html).toContain('Allow as <strong>Test User</strong>');
    expect(html).toContain('View and edit events on all your calendars');
    expect(html).not.toContain('<script');

    const allowed = await answer({ request: requestId, account: '100000000000000000001' });
    expect(allowed.status).toBe(302);
    const location = new URL(allowed.headers.get('location') ?? '');
    expect(location.searchParams.get('code')).toMatch(/^4\/0A/);
    expect(location.searchParams.get('state')).toBe('state-123');

    const replayed = await answer({ request: requestId, account: '100000000000000000001' });
    expect(replayed.status).toBe(400);
  });

  it('redirects with access_denied when the user cancels', async () => {
    const { requestId } = await consentForm();
    const denied = await answer({ request: requestId, decision: 'deny' });
    expect(new URL(denied.headers.get('location') ?? '').searchParams.get('error')).toBe('access_denied');
  });
});
