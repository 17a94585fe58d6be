import type { FakeState } from '../fake-state.js';
import { readForm } from '../http/request-body.js';
import { sendJson } from '../http/respond.js';
import { route, type Exchange, type Route } from '../../http/router.js';
import { authenticateClient } from './client-auth.js';
import type { FakeGoogleClient } from './grant-store.js';
import { signIdToken } from './id-token.js';
import { verifierMatches } from './pkce.js';
import { badGrant, invalidRequest, NO_STORE, refreshTokenRevoked, tokenError } from './token-errors.js';

interface TokenResponse {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  scope: string;
  token_type: 'Bearer';
  id_token?: string;
}

function tokensFor(
  state: FakeState,
  grant: { client: FakeGoogleClient; sub: string; scopes: string[]; offline: boolean; nonce?: string },
  refreshToken: string | undefined,
): TokenResponse {
  const now = Date.now();
  const profile = state.accounts.bySub(grant.sub)?.profile;
  if (!profile) throw refreshTokenRevoked();
  const { accessToken, expiresIn } = state.grants.issueAccessToken(
    { clientId: grant.client.clientId, sub: grant.sub, scopes: grant.scopes, offline: grant.offline },
    now,
  );
  const idToken = grant.scopes.includes('openid')
    ? signIdToken(
        state.signingKey,
        { clientId: grant.client.clientId, profile, scopes: grant.scopes, accessToken, nonce: grant.nonce },
        now,
      )
    : undefined;
  return {
    access_token: accessToken,
    expires_in: expiresIn,
    ...(refreshToken !== undefined && { refresh_token: refreshToken }),
    scope: grant.scopes.join(' '),
    token_type: 'Bearer',
    ...(idToken !== undefined && { id_token: idToken }),
  };
}

/** grant_type=authorization_code: the code is single-use and bound to its client, redirect_uri and PKCE challenge. */
function exchangeCode(state: FakeState, client: FakeGoogleClient, form: URLSearchParams): TokenResponse {
  const code = form.get('code');
  if (!code) throw invalidRequest('Missing required parameter: code');
  const redirectUri = form.get('redirect_uri');
  if (!redirectUri) throw invalidRequest('Missing parameter: redirect_uri');
  const issued = state.grants.redeemCode(code, Date.now());
  if (!issued || issued.clientId !== client.clientId) throw badGrant();
  if (redirectUri !== issued.redirectUri) throw tokenError(400, 'redirect_uri_mismatch', 'Bad Request');
  const verifier = form.get('code_verifier');
  if (issued.codeChallenge !== undefined) {
    if (!verifier) throw tokenError(400, 'invalid_grant', 'Missing code verifier.');
    if (!verifierMatches(verifier, issued.codeChallenge, issued.codeChallengeMethod ?? 'plain')) {
      throw tokenError(400, 'invalid_grant', 'Invalid code verifier.');
    }
  } else if (verifier) {
    throw tokenError(400, 'invalid_grant', 'code_verifier or verifier is not needed.');
  }
  const refreshToken = issued.withRefreshToken
    ? state.grants.issueRefreshToken({ clientId: client.clientId, sub: issued.sub, scopes: issued.scopes })
    : undefined;
  return tokensFor(
    state,
    { client, sub: issued.sub, scopes: issued.scopes, offline: issued.offline, nonce: issued.nonce },
    refreshToken,
  );
}

/** grant_type=refresh_token: a fresh access token with the grant's scopes; no new refresh token, as with Google. */
function refresh(state: FakeState, client: FakeGoogleClient, form: URLSearchParams): TokenResponse {
  const refreshToken = form.get('refresh_token');
  if (!refreshToken) throw invalidRequest('Missing required parameter: refresh_token');
  const grant = state.grants.findRefreshToken(refreshToken);
  if (!grant) throw refreshTokenRevoked();
  if (grant.clientId !== client.clientId) throw tokenError(400, 'unauthorized_client', 'Unauthorized');
  return tokensFor(state, { client, sub: grant.sub, scopes: grant.scopes, offline: true }, undefined);
}

/** `POST https://oauth2.googleapis.com/token` (and the older www.googleapis.com/oauth2/v4/token some libraries still use). */
export function tokenRoutes(state: FakeState): Route[] {
  const handle = async ({ request, response }: Exchange): Promise<void> => {
    const form = await readForm(request);
    const client = authenticateClient(request, form, state.grants.clients);
    const grantType = form.get('grant_type') ?? '';
    let body: TokenResponse;
    if (grantType === 'authorization_code') body = exchangeCode(state, client, form);
    else if (grantType === 'refresh_token') body = refresh(state, client, form);
    else throw tokenError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType}`);
    sendJson(response, 200, body, { headers: NO_STORE });
  };
  return [route('POST', '/token', handle), route('POST', '/oauth2/v4/token', handle)];
}
