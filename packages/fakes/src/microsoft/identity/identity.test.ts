import { createPublicKey, createVerify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMicrosoft } from '../fake-microsoft.js';
import { OUTLOOK_USER } from '../fake-microsoft.js';
import {
  authorize,
  decodeJwt,
  pkcePair,
  REDIRECT_URI,
  signIn,
  startTestFake,
  TEST_CLIENT,
  tokenRequest,
  USER,
} from '../fake-microsoft.test-support.js';
import { CONSUMER_TENANT } from '../state/accounts.js';

let fake: FakeMicrosoft;
beforeAll(async () => {
  fake = await startTestFake();
  fake.addAccount(OUTLOOK_USER);
});
afterAll(() => fake.close());

const client = { client_id: TEST_CLIENT.clientId, client_secret: TEST_CLIENT.clientSecret };

describe('authorization code with PKCE', () => {
  it('issues tokens with a refresh token and an ID token carrying tid, oid, preferred_username, name, email and nonce', async () => {
    const tokens = await signIn(fake, { nonce: 'n-0S6_WzA2Mj', loginHint: USER });
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.scope.split(' ')).toEqual(expect.arrayContaining(['openid', 'User.Read', 'Calendars.ReadWrite']));
    expect(tokens.refresh_token).toBeTruthy();
    const { header, claims } = decodeJwt(tokens.id_token ?? '');
    expect(header).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    expect(claims).toMatchObject({
      ver: '2.0',
      aud: TEST_CLIENT.clientId,
      iss: 'https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0',
      tid: '72f988bf-86f1-41af-91ab-2d7cd011db47',
      oid: '3f2a7b1c-0d4e-4f5a-9b6c-7d8e9f0a1b2c',
      preferred_username: USER,
      name: 'Adele Vance',
      email: USER,
      nonce: 'n-0S6_WzA2Mj',
    });
  });

  it('signs ID tokens with a key from the tenant JWKS', async () => {
    const tokens = await signIn(fake);
    const [head, body, signature] = (tokens.id_token ?? '').split('.');
    const { keys } = (await (await fetch(`${fake.origin}/common/discovery/v2.0/keys`)).json()) as {
      keys: Array<{ kid: string }>;
    };
    const key = keys.find((candidate) => candidate.kid === decodeJwt(tokens.id_token ?? '').header['kid']);
    const publicKey = createPublicKey({ key: key as never, format: 'jwk' });
    expect(
      createVerify('RSA-SHA256')
        .update(`${head}.${body}`)
        .verify(publicKey, signature ?? '', 'base64url'),
    ).toBe(true);
  });

  it('serves the discovery document with the tenant-templated issuer and its own endpoints', async () => {
    const document = (await (await fetch(`${fake.origin}/common/v2.0/.well-known/openid-configuration`)).json()) as Record<
      string,
      string
    >;
    expect(document['issuer']).toBe('https://login.microsoftonline.com/{tenantid}/v2.0');
    expect(document['token_endpoint']).toBe(`${fake.origin}/common/oauth2/v2.0/token`);
    expect(document['jwks_uri']).toBe(`${fake.origin}/common/discovery/v2.0/keys`);
  });

  it('gives personal accounts the consumer tenant and refuses them in a work tenant', async () => {
    const tokens = await signIn(fake, { tenant: 'consumers', loginHint: OUTLOOK_USER.userPrincipalName });
    expect(decodeJwt(tokens.id_token ?? '').claims['tid']).toBe(CONSUMER_TENANT);
    const refused = await authorize(fake, { tenant: 'organizations', loginHint: OUTLOOK_USER.userPrincipalName });
    expect(refused.searchParams.get('error')).toBe('access_denied');
    expect(refused.searchParams.get('error_description')).toMatch(/^AADSTS50020/);
  });

  it('refuses a wrong PKCE verifier and a code redeemed twice with AADSTS codes', async () => {
    const { verifier, challenge } = pkcePair();
    const code = (await authorize(fake, { challenge })).searchParams.get('code') ?? '';
    const wrong = await tokenRequest(fake, {
      ...client,
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: `${verifier}x`,
    });
    expect(wrong.status).toBe(400);
    const body = (await wrong.json()) as { error: string; error_codes: number[]; error_description: string };
    expect(body.error).toBe('invalid_grant');
    expect(body.error_codes).toEqual([501481]);
    expect(body.error_description).toMatch(/^AADSTS501481: .*\r\nTrace ID: .*\r\nCorrelation ID: .*\r\nTimestamp: /);
    const again = await tokenRequest(fake, {
      ...client,
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(((await again.json()) as { error_codes: number[] }).error_codes).toEqual([54005]);
  });

  it('refuses a wrong client secret as invalid_client', async () => {
    const response = await tokenRequest(fake, {
      client_id: TEST_CLIENT.clientId,
      client_secret: 'nope',
      grant_type: 'refresh_token',
      refresh_token: 'x',
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'invalid_client', error_codes: [7000215] });
  });

  it('keeps unregistered redirect URIs on its own error page', async () => {
    const response = await fetch(
      `${fake.origin}/common/oauth2/v2.0/authorize?client_id=${TEST_CLIENT.clientId}&response_type=code&scope=openid&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('AADSTS50011');
  });

  it('ends in access_denied when the user cancels, and leaves declined scopes out of the grant', async () => {
    fake.denyNextAuthorization();
    expect((await authorize(fake)).searchParams.get('error')).toBe('access_denied');
    fake.declineNextConsent(['Calendars.ReadWrite']);
    const tokens = await signIn(fake);
    expect(tokens.scope.split(' ')).not.toContain('Calendars.ReadWrite');
  });
});

describe('refresh tokens', () => {
  it('answers a new refresh token each time and keeps the old one working', async () => {
    const first = await signIn(fake);
    const refresh = (token: string) => tokenRequest(fake, { ...client, grant_type: 'refresh_token', refresh_token: token });
    const second = (await (await refresh(first.refresh_token ?? '')).json()) as { refresh_token: string; access_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await refresh(first.refresh_token ?? '')).status).toBe(200);
  });

  it('answers invalid_grant with AADSTS50173 once revoked and AADSTS700082 once expired', async () => {
    const tokens = await signIn(fake, { loginHint: OUTLOOK_USER.userPrincipalName });
    const refresh = () =>
      tokenRequest(fake, { ...client, grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' });
    fake.loseGrants(OUTLOOK_USER.userPrincipalName, 'revoked');
    expect(await (await refresh()).json()).toMatchObject({ error: 'invalid_grant', error_codes: [50173] });
    fake.loseGrants(OUTLOOK_USER.userPrincipalName, 'expired');
    const expired = await refresh();
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ error: 'invalid_grant', error_codes: [700082] });
  });

  it('gives no refresh token without offline_access', async () => {
    const tokens = await signIn(fake, { scope: 'openid profile User.Read' });
    expect(tokens.refresh_token).toBeUndefined();
  });
});
