/**
 * fake-google: Google's OAuth 2.0, userinfo and Calendar v3 endpoints on one local origin, speaking Google's paths,
 * JSON shapes and errors, for Breaker's integration tests, end-to-end tests and demo mode.
 */
export { startFakeGoogle, DEFAULT_TEST_ACCOUNT, GRACE_HOPPER, type FakeGoogle, type FakeGoogleOptions } from './fake-google.js';
export type { FakeGoogleControl } from './control-surface.js';
export type { FakeGoogleClient } from './oauth/grant-store.js';
export type { FakeGoogleAccount, FakeGoogleCalendar } from './state/accounts.js';
export type { EventInput, GoogleEvent } from './calendar/event-resource.js';
export type { FailureRule, HangRule, PathMatcher } from './state/faults.js';
export type { RecordedCall } from '../http/call-log.js';
export type { AuthErrorForm } from './google-api-errors.js';
