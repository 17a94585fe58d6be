import type { FakeState } from '../fake-state.js';
import { ErrorResponse } from '../http/error-response.js';
import { readForm } from '../http/request-body.js';
import { sendJson } from '../http/respond.js';
import { route, type Exchange, type Route } from '../../http/router.js';
import { USERINFO_EMAIL } from './scopes.js';
import { NO_STORE } from './token-errors.js';

/**
 * `POST https://oauth2.googleapis.com/revoke` (token in the body or, as google-auth-library sends it, the query).
 * Revoking either token of a grant ends the whole grant, as Google documents.
 */
async function revoke(state: FakeState, exchange: Exchange): Promise<void> {
  const form = await readForm(exchange.request);
  const token = form.get('token') ?? exchange.url.searchParams.get('token') ?? '';
  const grant = state.grants.grantOf(token);
  if (!grant) throw new ErrorResponse(400, { error: 'invalid_token', error_description: 'Token expired or revoked' }, NO_STORE);
  state.grants.revokeGrant(grant.clientId, grant.sub);
  sendJson(exchange.response, 200, {}, { headers: NO_STORE });
}

/** `oauth2.googleapis.com/tokeninfo?access_token=…`: what google-auth-library's getTokenInfo reads. */
function tokenInfo(state: FakeState, exchange: Exchange): void {
  const token = exchange.url.searchParams.get('access_token') ?? '';
  const now = Date.now();
  const grant = state.grants.findAccessToken(token, now);
  const account = grant && state.accounts.bySub(grant.sub);
  if (!grant || !account) throw new ErrorResponse(400, { error: 'invalid_token', error_description: 'Invalid Value' });
  const seconds = Math.floor(grant.expiresAt / 1000);
  sendJson(exchange.response, 200, {
    azp: grant.clientId,
    aud: grant.clientId,
    sub: grant.sub,
    scope: grant.scopes.join(' '),
    exp: String(seconds),
    expires_in: String(Math.max(0, seconds - Math.floor(now / 1000))),
    ...(grant.scopes.includes(USERINFO_EMAIL) && { email: account.profile.email, email_verified: 'true' }),
    access_type: grant.offline ? 'offline' : 'online',
  });
}

export function revocationRoutes(state: FakeState): Route[] {
  return [
    route('POST', '/revoke', (exchange) => revoke(state, exchange)),
    route('GET', '/tokeninfo', (exchange) => tokenInfo(state, exchange)),
    route('POST', '/tokeninfo', (exchange) => tokenInfo(state, exchange)),
  ];
}
