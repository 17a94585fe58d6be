import { FaultPlan as SharedFaultPlan, retryAfter, type PathMatcher } from '../../http/faults.js';
import { graphError, throttled } from '../graph/graph-errors.js';
import type { MicrosoftError } from '../http/respond.js';

export type { HangRule, PathMatcher } from '../../http/faults.js';

/** The next `times` matching requests fail as Graph fails them. */
export interface FailureRule {
  path: PathMatcher;
  /** 429 TooManyRequests, 503 serviceNotAvailable, 504 gatewayTimeout. */
  status: 429 | 503 | 504;
  /** Default 1. */
  times?: number;
  /** Sent as `Retry-After` (seconds). */
  retryAfterSeconds?: number;
}

function failureResponse(rule: FailureRule): MicrosoftError {
  const headers = retryAfter(rule.retryAfterSeconds);
  if (rule.status === 429) return throttled(headers);
  const code = rule.status === 503 ? 'serviceNotAvailable' : 'gatewayTimeout';
  return graphError(rule.status, code, 'The service is temporarily unavailable. Please retry later.', headers);
}

/** Injected failures and delays, answered as Graph answers them. */
export class FaultPlan extends SharedFaultPlan<FailureRule> {
  constructor() {
    super(failureResponse);
  }
}
