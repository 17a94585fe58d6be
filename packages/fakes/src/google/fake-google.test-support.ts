import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { startFakeGoogle, type FakeGoogle, type FakeGoogleOptions } from './fake-google.js';

/** Helpers for fake-google's own tests: a started fake, the browser leg of the OAuth flow, and captured fixtures. */

export const TEST_CLIENT = {
  clientId: 'breaker-test-client.apps.googleusercontent.com',
  clientSecret: 'breaker-test-secret',
  redirectUris: ['http://localhost:3000/api/auth/google/callback'],
};
export const REDIRECT_URI = TEST_CLIENT.redirectUris[0] ?? '';
export const USER = 'test.user@gmail.com';

export const SCOPES = {
  login: 'openid email profile',
  calendarEvents: 'openid email https://www.googleapis.com/auth/calendar.events',
  calendarReadonly: 'https://www.googleapis.com/auth/calendar.readonly',
  calendar: 'https://www.googleapis.com/auth/calendar',
};

export function startTestFake(options: Partial<FakeGoogleOptions> = {}): Promise<FakeGoogle> {
  return startFakeGoogle({ clients: [TEST_CLIENT], autoApprove: true, ...options });
}

export function loadFixture<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as T;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizeOptions {
  scope?: string;
  challenge?: string;
  accessType?: 'online' | 'offline';
  prompt?: string;
  loginHint?: string;
  state?: string;
  redirectUri?: string;
  clientId?: string;
}

export function authorizationUrl(fake: FakeGoogle, options: AuthorizeOptions = {}): string {
  const url = new URL('/o/oauth2/v2/auth', fake.origin);
  url.searchParams.set('client_id', options.clientId ?? TEST_CLIENT.clientId);
  url.searchParams.set('redirect_uri', options.redirectUri ?? REDIRECT_URI);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', options.scope ?? SCOPES.calendarEvents);
  url.searchParams.set('state', options.state ?? 'state-123');
  url.searchParams.set('access_type', options.accessType ?? 'offline');
  if (options.challenge !== undefined) {
    url.searchParams.set('code_challenge', options.challenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  if (options.prompt !== undefined) url.searchParams.set('prompt', options.prompt);
  if (options.loginHint !== undefined) url.searchParams.set('login_hint', options.loginHint);
  return url.toString();
}

/** The browser leg: the 302 back to the app, as a URL. */
export async function authorize(fake: FakeGoogle, options: AuthorizeOptions = {}): Promise<URL> {
  const response = await fetch(authorizationUrl(fake, options), { redirect: 'manual' });
  if (response.status !== 302) throw new Error(`expected a redirect, got ${response.status}: ${await response.text()}`);
  return new URL(response.headers.get('location') ?? '');
}

export function tokenRequest(
  fake: FakeGoogle,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${fake.origin}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
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

/** The whole authorization-code + PKCE flow, as a server-side app runs it. */
export async function signIn(fake: FakeGoogle, options: AuthorizeOptions = {}): Promise<Tokens> {
  const { verifier, challenge } = pkcePair();
  const redirect = await authorize(fake, { ...options, challenge });
  const response = await tokenRequest(fake, {
    grant_type: 'authorization_code',
    code: redirect.searchParams.get('code') ?? '',
    redirect_uri: REDIRECT_URI,
    client_id: TEST_CLIENT.clientId,
    client_secret: TEST_CLIENT.clientSecret,
    code_verifier: verifier,
  });
  if (response.status !== 200) throw new Error(`token exchange failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Tokens;
}

/** A Calendar/userinfo API call with a bearer token; `path` is relative to the origin. */
export function callApi(fake: FakeGoogle, accessToken: string, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${accessToken}`);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  return fetch(`${fake.origin}${path}`, { ...init, headers });
}

export function eventsPath(query: Record<string, string> = {}, calendarId = 'primary'): string {
  const search = new URLSearchParams(query).toString();
  return `/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events${search ? `?${search}` : ''}`;
}

export interface EventsPage {
  items: Array<Record<string, unknown> & { id: string; status: string; start?: { dateTime?: string; date?: string } }>;
  nextPageToken?: string;
  nextSyncToken?: string;
  [key: string]: unknown;
}
