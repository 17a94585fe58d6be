import { readFileSync } from 'node:fs';
import {
  callWithBearer,
  followAuthorization,
  pkceParams,
  postForm,
  signInWith,
  withQuery,
  type Tokens,
} from '../http/oauth-client.test-support.js';
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

export { pkcePair, type Tokens } from '../http/oauth-client.test-support.js';

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
  return withQuery(`${fake.origin}/o/oauth2/v2/auth`, {
    client_id: options.clientId ?? TEST_CLIENT.clientId,
    redirect_uri: options.redirectUri ?? REDIRECT_URI,
    response_type: 'code',
    scope: options.scope ?? SCOPES.calendarEvents,
    state: options.state ?? 'state-123',
    access_type: options.accessType ?? 'offline',
    ...pkceParams(options.challenge),
    prompt: options.prompt,
    login_hint: options.loginHint,
  });
}

/** The browser leg: the 302 back to the app, as a URL. */
export function authorize(fake: FakeGoogle, options: AuthorizeOptions = {}): Promise<URL> {
  return followAuthorization(authorizationUrl(fake, options));
}

export function tokenRequest(
  fake: FakeGoogle,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return postForm(`${fake.origin}/token`, form, headers);
}

/** The whole authorization-code + PKCE flow, as a server-side app runs it. */
export function signIn(fake: FakeGoogle, options: AuthorizeOptions = {}): Promise<Tokens> {
  return signInWith({
    authorize: (challenge) => authorize(fake, { ...options, challenge }),
    postForm: (form) => tokenRequest(fake, form),
    redirectUri: REDIRECT_URI,
    client: TEST_CLIENT,
  });
}

/** A Calendar/userinfo API call with a bearer token; `path` is relative to the origin. */
export function callApi(fake: FakeGoogle, accessToken: string, path: string, init: RequestInit = {}): Promise<Response> {
  return callWithBearer(`${fake.origin}${path}`, accessToken, init);
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
