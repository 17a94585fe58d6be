import {
  callWithBearer,
  followAuthorization,
  pkceParams,
  postForm,
  signInWith,
  withQuery,
  type Tokens,
} from '../http/oauth-client.test-support.js';
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

export { pkcePair, type Tokens } from '../http/oauth-client.test-support.js';

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
  return withQuery(`${fake.origin}/${options.tenant ?? 'common'}/oauth2/v2.0/authorize`, {
    client_id: options.clientId ?? TEST_CLIENT.clientId,
    redirect_uri: options.redirectUri ?? REDIRECT_URI,
    response_type: 'code',
    scope: options.scope ?? SIGN_IN_SCOPES,
    state: 'state-123',
    ...pkceParams(options.challenge),
    nonce: options.nonce,
    login_hint: options.loginHint,
  });
}

/** The browser leg: the 302 back to the app, as a URL. */
export function authorize(fake: FakeMicrosoft, options: AuthorizeOptions = {}): Promise<URL> {
  return followAuthorization(authorizationUrl(fake, options));
}

export function tokenRequest(fake: FakeMicrosoft, form: Record<string, string>, tenant = 'common'): Promise<Response> {
  return postForm(`${fake.origin}/${tenant}/oauth2/v2.0/token`, form);
}

/** A fake started with its defaults and a token of its first account's, for tests that call Graph. */
export async function startSignedIn(): Promise<{ fake: FakeMicrosoft; token: string }> {
  const fake = await startTestFake();
  return { fake, token: (await signIn(fake)).access_token };
}

/** The whole authorization-code + PKCE flow. */
export function signIn(fake: FakeMicrosoft, options: AuthorizeOptions = {}): Promise<Tokens> {
  return signInWith({
    authorize: (challenge) => authorize(fake, { ...options, challenge }),
    postForm: (form) => tokenRequest(fake, form),
    redirectUri: options.redirectUri ?? REDIRECT_URI,
    client: TEST_CLIENT,
  });
}

/** A Graph call with a bearer token; `path` is relative to the origin, or a whole `@odata.nextLink`. */
export function callGraph(fake: FakeMicrosoft, accessToken: string, path: string, init: RequestInit = {}): Promise<Response> {
  return callWithBearer(path.startsWith('http') ? path : `${fake.origin}${path}`, accessToken, init);
}

export function decodeJwt(token: string): { header: Record<string, unknown>; claims: Record<string, unknown> } {
  const [header, claims] = token
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>);
  return { header: header ?? {}, claims: claims ?? {} };
}
