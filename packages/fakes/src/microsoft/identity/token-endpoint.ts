import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { route, type Route } from '../../http/router.js';
import type { FakeState } from '../fake-state.js';
import { readText, sendJson } from '../http/respond.js';
import type { FakeMicrosoftClient } from './grant-store.js';
import { OIDC_SCOPES, normaliseScopes } from './scopes.js';
import { lostGrant, missingParameter, stsError } from './sts-errors.js';
import { issuerFor } from './tenants.js';

interface TokenResponse {
  token_type: 'Bearer';
  scope: string;
  expires_in: number;
  ext_expires_in: number;
  access_token: string;
  refresh_token?: string;
  id_token?: string;
}

const same = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** client_secret in the body, or HTTP Basic (the auth-code flow page allows both). */
function authenticateClient(state: FakeState, form: URLSearchParams, authorization: string | undefined): FakeMicrosoftClient {
  let clientId = form.get('client_id');
  let secret = form.get('client_secret');
  const basic = /^Basic (.+)$/i.exec(authorization ?? '')?.[1];
  if (basic) {
    const [id, password] = Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent);
    clientId = id ?? null;
    secret = password ?? null;
  }
  if (!clientId) throw missingParameter('client_id');
  const client = state.grants.clients.get(clientId);
  if (!client)
    throw stsError('unauthorized_client', 700016, `Application with identifier '${clientId}' was not found in the directory.`);
  if (!secret)
    throw stsError(
      'invalid_client',
      7000218,
      "The request body must contain the following parameter: 'client_assertion' or 'client_secret'.",
      401,
    );
  if (!same(secret, client.clientSecret))
    throw stsError(
      'invalid_client',
      7000215,
      'Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.',
      401,
    );
  return client;
}

/** The claims of the ID token reference: `oid`, `tid`, `preferred_username`, `name`, `email` when asked and present. */
function idToken(state: FakeState, clientId: string, oid: string, scopes: string[], nonce: string | undefined): string {
  const profile = state.accounts.byOid(oid)?.profile;
  if (!profile) throw lostGrant('revoked');
  const now = Math.floor(Date.now() / 1000);
  return state.signingKey.signJwt({
    ver: '2.0',
    iss: issuerFor(profile.tid),
    sub: createHash('sha256').update(`${clientId}:${oid}`).digest('base64url').slice(0, 43),
    aud: clientId,
    exp: now + 3600,
    iat: now,
    nbf: now,
    ...(scopes.includes('profile') && { name: profile.displayName, preferred_username: profile.userPrincipalName, oid }),
    ...(scopes.includes('email') && profile.mail !== undefined && { email: profile.mail }),
    tid: profile.tid,
    ...(nonce !== undefined && { nonce }),
    aio: randomBytes(16).toString('base64url'),
  });
}

function tokensFor(
  state: FakeState,
  grant: { clientId: string; oid: string; scopes: string[]; nonce?: string | undefined },
): TokenResponse {
  const { accessToken, expiresIn } = state.grants.issueAccessToken(grant.oid, grant.scopes, Date.now());
  const offline = grant.scopes.includes('offline_access');
  return {
    token_type: 'Bearer',
    // Graph's permissions, as the response lists them; offline_access is implied by the refresh token.
    scope: grant.scopes.filter((scope) => scope !== 'offline_access').join(' '),
    expires_in: expiresIn,
    ext_expires_in: expiresIn,
    access_token: accessToken,
    ...(offline && {
      refresh_token: state.grants.issueRefreshToken({ clientId: grant.clientId, oid: grant.oid, scopes: grant.scopes }),
    }),
    ...(grant.scopes.includes('openid') && { id_token: idToken(state, grant.clientId, grant.oid, grant.scopes, grant.nonce) }),
  };
}

function verifierMatches(verifier: string, challenge: string, method: string | undefined): boolean {
  const derived = method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return same(derived, challenge);
}

function exchangeCode(state: FakeState, client: FakeMicrosoftClient, form: URLSearchParams): TokenResponse {
  const code = form.get('code');
  if (!code) throw missingParameter('code');
  const redirectUri = form.get('redirect_uri');
  if (!redirectUri) throw missingParameter('redirect_uri');
  const issued = state.grants.redeemCode(code, Date.now());
  if (!issued) {
    if (state.grants.wasRedeemed(code))
      throw stsError(
        'invalid_grant',
        54005,
        'OAuth2 Authorization code was already redeemed, please retry with a new valid code or use an existing refresh token.',
      );
    throw stsError('invalid_grant', 70000, "The provided value for the 'code' parameter is not valid.");
  }
  if (issued.clientId !== client.clientId) throw stsError('invalid_grant', 70000, 'The code was issued to another application.');
  if (issued.redirectUri !== redirectUri)
    throw stsError(
      'invalid_grant',
      50011,
      'The redirect URI specified in the request does not match the one the code was issued for.',
    );
  if (issued.codeChallenge !== undefined) {
    const verifier = form.get('code_verifier');
    if (!verifier) throw missingParameter('code_verifier');
    if (!verifierMatches(verifier, issued.codeChallenge, issued.codeChallengeMethod))
      throw stsError(
        'invalid_grant',
        501481,
        'The Code_Verifier does not match the code_challenge supplied in the authorization request.',
      );
  }
  return tokensFor(state, { clientId: client.clientId, oid: issued.oid, scopes: issued.scopes, nonce: issued.nonce });
}

/** Each refresh answers a new refresh token; the old one keeps working (identity-platform.refresh-tokens.md). */
function refresh(state: FakeState, client: FakeMicrosoftClient, form: URLSearchParams): TokenResponse {
  const value = form.get('refresh_token');
  if (!value) throw missingParameter('refresh_token');
  const grant = state.grants.findRefreshToken(value);
  if (!grant || grant.clientId !== client.clientId)
    throw stsError('invalid_grant', 9002313, 'Invalid request. Request is malformed or invalid.');
  if (grant.lost) throw lostGrant(grant.lost);
  const asked = normaliseScopes(form.get('scope'));
  const held = new Set(grant.scopes.map((scope) => scope.toLowerCase()));
  const beyond = asked.filter((scope) => !held.has(scope.toLowerCase()) && !OIDC_SCOPES.has(scope));
  if (beyond.length > 0)
    throw stsError(
      'invalid_grant',
      65001,
      `The user or administrator has not consented to use the application. Send an interactive authorization request for this user and resource: ${beyond.join(' ')}.`,
    );
  const scopes = asked.length > 0 ? [...new Set([...asked, 'offline_access'])] : grant.scopes;
  return tokensFor(state, { clientId: client.clientId, oid: grant.oid, scopes });
}

/** `POST /{tenant}/oauth2/v2.0/token`: the authorization_code and refresh_token grants. */
export function tokenRoutes(state: FakeState): Route[] {
  return [
    route('POST', '/:tenant/oauth2/v2.0/token', async (exchange) => {
      const form = new URLSearchParams(await readText(exchange.request));
      const client = authenticateClient(state, form, exchange.request.headers.authorization);
      const grantType = form.get('grant_type');
      if (!grantType) throw missingParameter('grant_type');
      let tokens: TokenResponse;
      if (grantType === 'authorization_code') tokens = exchangeCode(state, client, form);
      else if (grantType === 'refresh_token') tokens = refresh(state, client, form);
      else throw stsError('unsupported_grant_type', 70003, `The app requested an unsupported grant type '${grantType}'.`);
      sendJson(exchange.response, 200, tokens);
    }),
  ];
}
