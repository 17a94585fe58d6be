import { route, type Route } from '../../http/router.js';
import type { FakeState } from '../fake-state.js';
import { sendJson } from '../http/respond.js';

/**
 * `/{tenant}/v2.0/.well-known/openid-configuration` and the keys at `/{tenant}/discovery/v2.0/keys`
 * (identity-platform.v2-protocols-oidc.md). For `common` the issuer carries the `{tenantid}` placeholder, as
 * Microsoft's does: each token's issuer names its own tenant.
 */
export function discoveryRoutes(state: FakeState): Route[] {
  return [
    route('GET', '/:tenant/v2.0/.well-known/openid-configuration', (exchange) => {
      const tenant = exchange.params['tenant'] ?? 'common';
      const specific = !['common', 'organizations', 'consumers'].includes(tenant);
      const base = `${state.origin}/${tenant}`;
      sendJson(exchange.response, 200, {
        authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
        token_endpoint: `${base}/oauth2/v2.0/token`,
        token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt', 'client_secret_basic'],
        jwks_uri: `${base}/discovery/v2.0/keys`,
        response_modes_supported: ['query'],
        subject_types_supported: ['pairwise'],
        id_token_signing_alg_values_supported: ['RS256'],
        response_types_supported: ['code'],
        scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
        issuer: `https://login.microsoftonline.com/${specific ? tenant : '{tenantid}'}/v2.0`,
        userinfo_endpoint: `${state.origin}/oidc/userinfo`,
        code_challenge_methods_supported: ['plain', 'S256'],
        claims_supported: [
          'sub',
          'iss',
          'aud',
          'exp',
          'iat',
          'nonce',
          'preferred_username',
          'name',
          'tid',
          'ver',
          'oid',
          'email',
        ],
      });
    }),
    route('GET', '/:tenant/discovery/v2.0/keys', (exchange) => {
      sendJson(exchange.response, 200, state.signingKey.jwks());
    }),
  ];
}
