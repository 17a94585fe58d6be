import { FaultPlan as SharedFaultPlan, retryAfter, type PathMatcher } from '../../http/faults.js';
import { backendError, rateLimited, type RateLimitReason } from '../google-api-errors.js';
import type { ErrorResponse } from '../http/error-response.js';

export type { HangRule, PathMatcher } from '../../http/faults.js';

/** The next `times` matching requests fail with Google's error body for `status`. */
export interface FailureRule {
  path: PathMatcher;
  status: 429 | 403 | 500 | 503;
  /** Default 1. */
  times?: number;
  /** Sent as `Retry-After` (seconds). */
  retryAfterSeconds?: number;
  /** For 403/429: `rateLimitExceeded` (default) or `userRateLimitExceeded`. */
  reason?: RateLimitReason;
}

function failureResponse(rule: FailureRule): ErrorResponse {
  const headers = retryAfter(rule.retryAfterSeconds);
  if (rule.status === 403 || rule.status === 429) return rateLimited(rule.status, rule.reason ?? 'rateLimitExceeded', headers);
  return backendError(rule.status, headers);
}

/** Injected failures and delays, answered as Google answers them. */
export class FaultPlan extends SharedFaultPlan<FailureRule> {
  constructor() {
    super(failureResponse);
  }
}
