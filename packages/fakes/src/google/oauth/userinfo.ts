import { authError } from '../google-api-errors.js';
import { ErrorResponse } from '../http/error-response.js';
import { sendJson } from '../http/respond.js';
import { route, type Exchange, type Route } from '../../http/router.js';
import type { FakeState } from '../fake-state.js';
import { authenticate, type Caller } from './bearer.js';
import { USERINFO_EMAIL, USERINFO_PROFILE } from './scopes.js';
import type { FakeGoogleAccount } from '../state/accounts.js';

/**
 * Userinfo in its two dialects: OAuth2 v2 (`id`, `verified_email`; the oauth2-v2 discovery doc's Userinfo schema) and
 * OpenID Connect (`sub`, `email_verified`). Which fields appear follows the granted email/profile scopes.
 */

interface IdentityScopes {
  email: boolean;
  profile: boolean;
}

function identityScopes(caller: Caller): IdentityScopes | undefined {
  const email = caller.grant.scopes.includes(USERINFO_EMAIL);
  const profile = caller.grant.scopes.includes(USERINFO_PROFILE);
  return email || profile || caller.grant.scopes.includes('openid') ? { email, profile } : undefined;
}

/** The profile behind the bearer token and the identity scopes granted; a token without any gets `rejection`. */
function identify(
  state: FakeState,
  exchange: Exchange,
  rejection: () => ErrorResponse,
): { profile: FakeGoogleAccount; scopes: IdentityScopes } {
  const caller = authenticate(exchange, state, rejection);
  const scopes = identityScopes(caller);
  if (!scopes) throw rejection();
  return { profile: caller.account.profile, scopes };
}

function userinfoV2(state: FakeState, exchange: Exchange): void {
  const { profile, scopes } = identify(state, exchange, () => authError(state.authErrorForm));
  sendJson(exchange.response, 200, {
    id: profile.sub,
    ...(scopes.email && { email: profile.email, verified_email: true }),
    ...(scopes.profile && {
      name: profile.name,
      given_name: profile.givenName,
      family_name: profile.familyName,
      picture: profile.picture,
      locale: profile.locale,
    }),
  });
}

/** The OpenID endpoint answers a bad token the OAuth way rather than with a Google API error body. */
function userinfoOpenId(state: FakeState, exchange: Exchange): void {
  const { profile, scopes } = identify(
    state,
    exchange,
    () =>
      new ErrorResponse(
        401,
        { error: 'invalid_request', error_description: 'Invalid Credentials' },
        { 'www-authenticate': 'Bearer error="invalid_token"' },
      ),
  );
  sendJson(exchange.response, 200, {
    sub: profile.sub,
    ...(scopes.profile && {
      name: profile.name,
      given_name: profile.givenName,
      family_name: profile.familyName,
      picture: profile.picture,
    }),
    ...(scopes.email && { email: profile.email, email_verified: true }),
    ...(scopes.profile && { locale: profile.locale }),
  });
}

export function userinfoRoutes(state: FakeState): Route[] {
  const v2 = (exchange: Exchange): void => userinfoV2(state, exchange);
  const openId = (exchange: Exchange): void => userinfoOpenId(state, exchange);
  return [
    route('GET', '/oauth2/v2/userinfo', v2),
    route('GET', '/userinfo/v2/me', v2),
    route('GET', '/oauth2/v3/userinfo', openId),
    route('POST', '/oauth2/v3/userinfo', openId),
    // openidconnect.googleapis.com/v1/userinfo, the userinfo_endpoint of Google's discovery document.
    route('GET', '/v1/userinfo', openId),
    route('POST', '/v1/userinfo', openId),
  ];
}
