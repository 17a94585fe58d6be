/**
 * A real OpenID Connect provider (the certified `oidc-provider`) on loopback with a test client and test accounts, for
 * Breaker's single-sign-on integration and end-to-end tests.
 */
export {
  startTestOidcProvider,
  type TestOidcAccount,
  type TestOidcClient,
  type TestOidcProvider,
  type TestOidcProviderOptions,
} from './test-oidc-provider.js';
