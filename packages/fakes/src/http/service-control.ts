import type { RecordedCall } from './call-log.js';
import type { HangRule } from './faults.js';

/** What tests do to any fake besides its accounts and calendars: its log of calls, its tokens, faults and sign-in. */
export interface ServiceControl<FailureRule> {
  /** Every request to the service's paths, oldest first (the `/__fake/` admin is not logged). */
  readonly calls: readonly RecordedCall[];
  resetCalls(): void;
  /** Lifetime of access tokens issued from now on; 0 makes them expire at once. */
  setAccessTokenLifetime(seconds: number): void;
  failNext(rule: FailureRule): void;
  hangNext(rule: HangRule): void;
  /** The next authorization request ends in `error=access_denied`, as if the user clicked Cancel. */
  denyNextAuthorization(): void;
}

/** The part of a fake's state those controls change. */
interface ServiceState {
  readonly grants: { accessTokenLifetimeSeconds: number };
  denyNextAuthorization: boolean;
}

export function serviceControl<FailureRule>(
  state: ServiceState,
  faults: { failNext(rule: FailureRule): void; hangNext(rule: HangRule): void },
  calls: RecordedCall[],
): ServiceControl<FailureRule> {
  return {
    calls,
    resetCalls: () => {
      calls.length = 0;
    },
    setAccessTokenLifetime: (seconds) => {
      state.grants.accessTokenLifetimeSeconds = seconds;
    },
    failNext: (rule) => faults.failNext(rule),
    hangNext: (rule) => faults.hangNext(rule),
    denyNextAuthorization: () => {
      state.denyNextAuthorization = true;
    },
  };
}
