import { createHash, randomBytes } from 'node:crypto';

/** A server-side app's side of each fake's OAuth flow, for tests: PKCE, the browser leg, the code exchange, API calls. */

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** `endpoint` with the query an app sends; parameters left undefined are not sent. */
/** An authorization request's PKCE parameters for `challenge` (S256), none without one. */
export function pkceParams(challenge: string | undefined): Record<string, string | undefined> {
  return { code_challenge: challenge, code_challenge_method: challenge === undefined ? undefined : 'S256' };
}

export function withQuery(endpoint: string, params: Record<string, string | undefined>): string {
  const url = new URL(endpoint);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/** The browser leg: opens the authorization URL and returns the 302 back to the app, as a URL. */
export async function followAuthorization(authorizationUrl: string): Promise<URL> {
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  if (response.status !== 302) throw new Error(`expected a redirect, got ${response.status}: ${await response.text()}`);
  return new URL(response.headers.get('location') ?? '');
}

/** A form POST, as a server-side app sends it to a token endpoint. */
export function postForm(url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
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

export interface AuthorizationCodeFlow {
  /** The browser leg with this PKCE challenge: the redirect back to the app, carrying the code. */
  authorize(challenge: string): Promise<URL>;
  /** Posts a form to the fake's token endpoint. */
  postForm(form: Record<string, string>): Promise<Response>;
  redirectUri: string;
  client: { clientId: string; clientSecret: string };
}

/** The whole authorization-code + PKCE flow, as a server-side app runs it. */
export async function signInWith(flow: AuthorizationCodeFlow): Promise<Tokens> {
  const { verifier, challenge } = pkcePair();
  const redirect = await flow.authorize(challenge);
  const response = await flow.postForm({
    grant_type: 'authorization_code',
    code: redirect.searchParams.get('code') ?? '',
    redirect_uri: flow.redirectUri,
    client_id: flow.client.clientId,
    client_secret: flow.client.clientSecret,
    code_verifier: verifier,
  });
  if (response.status !== 200) throw new Error(`token exchange failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Tokens;
}

/** An API call with a bearer token; a body is sent as JSON. */
export function callWithBearer(url: string, accessToken: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${accessToken}`);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  return fetch(url, { ...init, headers });
}
