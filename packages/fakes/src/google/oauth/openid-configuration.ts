import type { FakeState } from '../fake-state.js';
import { sendJson } from '../http/respond.js';
import { route, type Route } from '../../http/router.js';
import { GOOGLE_ISSUER } from './id-token.js';

/**
 * Google's OpenID discovery document with every endpoint on the fake's origin, so a client configured by discovery
 * (e.g. @fastify/oauth2 `discovery: { issuer }`) finds the fake's paths. `issuer` stays Google's, matching id_token `iss`.
 */
function openIdConfiguration(origin: string): Record<string, unknown> {
  return {
    issuer: GOOGLE_ISSUER,
    authorization_endpoint: `${origin}/o/oauth2/v2/auth`,
    token_endpoint: `${origin}/token`,
    userinfo_endpoint: `${origin}/v1/userinfo`,
    revocation_endpoint: `${origin}/revoke`,
    jwks_uri: `${origin}/oauth2/v3/certs`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'email', 'profile'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    claims_supported: [
      'aud',
      'email',
      'email_verified',
      'exp',
      'family_name',
      'given_name',
      'iat',
      'iss',
      'name',
      'picture',
      'sub',
    ],
    code_challenge_methods_supported: ['plain', 'S256'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
  };
}

export function openIdRoutes(state: FakeState): Route[] {
  return [
    route('GET', '/.well-known/openid-configuration', ({ response }) =>
      sendJson(response, 200, openIdConfiguration(state.origin)),
    ),
    route('GET', '/oauth2/v3/certs', ({ response }) => sendJson(response, 200, state.signingKey.jwks())),
    route('GET', '/oauth2/v1/certs', ({ response }) => sendJson(response, 200, state.signingKey.pemCertificates())),
  ];
}
