/**
 * fake-microsoft: the Microsoft identity platform (v2.0 authorization code + PKCE, refresh, ID tokens, JWKS) and the
 * Graph calendar endpoints Breaker uses, on one local origin, speaking Microsoft's paths, JSON and errors, for
 * Breaker's integration tests, end-to-end tests and demo mode.
 */
export {
  startFakeMicrosoft,
  ADELE_VANCE,
  OUTLOOK_USER,
  type FakeMicrosoft,
  type FakeMicrosoftOptions,
} from './fake-microsoft.js';
export type { FakeMicrosoftControl } from './control-surface.js';
export type { FakeMicrosoftClient } from './identity/grant-store.js';
export { CONSUMER_TENANT, type FakeMicrosoftAccount } from './state/accounts.js';
export type { EventInput } from './graph/event-resource.js';
export type { StoredEvent } from './state/mailbox.js';
export type { FailureRule, HangRule, PathMatcher } from './state/faults.js';
export type { GrantLoss } from './identity/sts-errors.js';
