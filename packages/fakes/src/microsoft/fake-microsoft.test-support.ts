import { createHash, randomBytes } from 'node:crypto';
import { startFakeMicrosoft, type FakeMicrosoft, type FakeMicrosoftOptions } from './fake-microsoft.js';

/** Helpers for fake-microsoft's own tests and Breaker's: a started fake and the OAuth flow as a server-side app runs it. */

export const TEST_CLIENT = {
  clientId: '6731de76-14a6-49ae-97bc-6eba6914391e',
  clientSecret: 'breaker-test-secret',
  redirectUris: [
    'http://localhost:3000/api/auth/microsoft/callback',
    'http://localhost:3000/api/auth/microsoft/calendar/callback',
  ],
};
export const REDIRECT_URI = TEST_CLIENT.redirectUris[0] ?? '';
export const USER = 'adele.vance@contoso.example';
export const SIGN_IN_SCOPES = 'openid profile email offline_access User.Read Calendars.ReadWrite';

export function startTestFake(options: Partial<FakeMicrosoftOptions> = {}): Promise<FakeMicrosoft> {
  return startFakeMicrosoft({ clients: [TEST_CLIENT], autoApprove: true, ...options });
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizeOptions {
  tenant?: string;
  scope?: string;
  challenge?: string;
  nonce?: string;
  loginHint?: string;
  redirectUri?: string;
  clientId?: string;
}

export function authorizationUrl(fake: FakeMicrosoft, options: AuthorizeOptions = {}): string {
  const url = new URL(`/${options.tenant ?? 'common'}/oauth2/v2.0/authorize`, fake.origin);
  url.searchParams.set('client_id', options.clientId ?? TEST_CLIENT.clientId);
  url.searchParams.set('redirect_uri', options.redirectUri ?? REDIRECT_URI);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', options.scope ?? SIGN_IN_SCOPES);
  url.searchParams.set('state', 'state-123');
  if (options.challenge !== undefined) {
    url.searchParams.set('code_challenge', options.challenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  if (options.nonce !== undefined) url.searchParams.set('nonce', options.nonce);
  if (options.loginHint !== undefined) url.searchParams.set('login_hint', options.loginHint);
  return url.toString();
}

/** The browser leg: the 302 back to the app, as a URL. */
export async function authorize(fake: FakeMicrosoft, options: AuthorizeOptions = {}): Promise<URL> {
  const response = await fetch(authorizationUrl(fake, options), { redirect: 'manual' });
  if (response.status !== 302) throw new Error(`expected a redirect, got ${response.status}: ${await response.text()}`);
  return new URL(response.headers.get('location') ?? '');
}

export function tokenRequest(fake: FakeMicrosoft, form: Record<string, string>, tenant = 'common'): Promise<Response> {
  return fetch(`${fake.origin}/${tenant}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
}

export interface Tokens {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  scope: string;
  token_type: string;
  id_token?: string;
}

/** The whole authorization-code + PKCE flow. */
export async function signIn(fake: FakeMicrosoft, options: AuthorizeOptions = {}): Promise<Tokens> {
  const { verifier, challenge } = pkcePair();
  const redirect = await authorize(fake, { ...options, challenge });
  const response = await tokenRequest(fake, {
    grant_type: 'authorization_code',
    code: redirect.searchParams.get('code') ?? '',
    redirect_uri: options.redirectUri ?? REDIRECT_URI,
    client_id: TEST_CLIENT.clientId,
    client_secret: TEST_CLIENT.clientSecret,
    code_verifier: verifier,
  });
  if (response.status !== 200) throw new Error(`token exchange failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Tokens;
}

/** A Graph call with a bearer token; `path` is relative to the origin, or a whole `@odata.nextLink`. */
export function callGraph(fake: FakeMicrosoft, accessToken: string, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${accessToken}`);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  return fetch(path.startsWith('http') ? path : `${fake.origin}${path}`, { ...init, headers });
}

export function decodeJwt(token: string): { header: Record<string, unknown>; claims: Record<string, unknown> } {
  const [header, claims] = token
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>);
  return { header: header ?? {}, claims: claims ?? {} };
}
