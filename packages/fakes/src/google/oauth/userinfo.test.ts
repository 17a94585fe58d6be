import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeGoogle } from '../fake-google.js';
import { callApi, loadFixture, SCOPES, signIn, startTestFake } from '../fake-google.test-support.js';

describe('userinfo', () => {
  let fake: FakeGoogle;
  beforeAll(async () => {
    fake = await startTestFake();
  });
  afterAll(() => fake.close());

  it('answers OAuth2 v2 userinfo with the Userinfo schema fields', async () => {
    const { access_token: token } = await signIn(fake, { scope: SCOPES.login });
    const response = await callApi(fake, token, '/oauth2/v2/userinfo');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(await response.json()).toEqual({
      id: '100000000000000000001',
      email: 'test.user@gmail.com',
      verified_email: true,
      name: 'Test User',
      given_name: 'Test',
      family_name: 'User',
      picture: 'https://lh3.googleusercontent.com/a/default-user=s96-c',
      locale: 'en',
    });
  });

  it('answers OpenID Connect userinfo with OIDC claim names', async () => {
    const { access_token: token } = await signIn(fake, { scope: SCOPES.login });
    const response = await callApi(fake, token, '/oauth2/v3/userinfo');
    expect(await response.json()).toEqual({
      sub: '100000000000000000001',
      name: 'Test User',
      given_name: 'Test',
      family_name: 'User',
      picture: 'https://lh3.googleusercontent.com/a/default-user=s96-c',
      email: 'test.user@gmail.com',
      email_verified: true,
      locale: 'en',
    });
  });

  it('leaves out profile fields the token was not granted', async () => {
    const { access_token: token } = await signIn(fake, { scope: 'openid email' });
    expect(await (await callApi(fake, token, '/oauth2/v2/userinfo')).json()).toEqual({
      id: '100000000000000000001',
      email: 'test.user@gmail.com',
      verified_email: true,
    });
  });

  it('answers a missing, unknown or expired token with the 401 authError body', async () => {
    const missing = await fetch(`${fake.origin}/oauth2/v2/userinfo`);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(await missing.json()).toEqual(loadFixture('calendar.error.401-authError.observed-with-status.json'));

    fake.setAccessTokenLifetime(0);
    const { access_token: expired, expires_in: expiresIn } = await signIn(fake, { scope: SCOPES.login });
    fake.setAccessTokenLifetime(3599);
    expect(expiresIn).toBe(0);
    expect((await callApi(fake, expired, '/oauth2/v2/userinfo')).status).toBe(401);
    const openId = await callApi(fake, expired, '/oauth2/v3/userinfo');
    expect(openId.status).toBe(401);
    expect(await openId.json()).toEqual({ error: 'invalid_request', error_description: 'Invalid Credentials' });
  });

  it('describes an access token at /tokeninfo and the endpoints in the OpenID discovery document', async () => {
    const { access_token: token } = await signIn(fake, { scope: SCOPES.login });
    const info = await fetch(`${fake.origin}/tokeninfo?access_token=${encodeURIComponent(token)}`);
    expect(await info.json()).toMatchObject({
      aud: 'breaker-test-client.apps.googleusercontent.com',
      sub: '100000000000000000001',
      email: 'test.user@gmail.com',
      expires_in: expect.stringMatching(/^\d+$/),
      access_type: 'offline',
    });
    const discovery = (await (await fetch(`${fake.origin}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: 'https://accounts.google.com',
      authorization_endpoint: `${fake.origin}/o/oauth2/v2/auth`,
      token_endpoint: `${fake.origin}/token`,
      userinfo_endpoint: `${fake.origin}/v1/userinfo`,
    });
  });

  it('can send the documented 401 form instead', async () => {
    const documented = await startTestFake({ authErrorForm: 'documented' });
    try {
      const response = await callApi(documented, 'ya29.not-a-token', '/oauth2/v2/userinfo');
      expect((await response.text()).trim()).toBe(JSON.stringify(loadFixture('calendar.error.401-authError.json'), null, 2));
    } finally {
      await documented.close();
    }
  });
});
