import { backendError, rateLimited, type RateLimitReason } from '../google-api-errors.js';
import type { ErrorResponse } from '../http/error-response.js';

/** A request path (percent-decoded, without the query): equal to a string, or matching a RegExp. */
export type PathMatcher = RegExp | string;

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

/** The next `times` matching requests are answered only after `ms`, for client timeout tests. */
export interface HangRule {
  path: PathMatcher;
  ms: number;
  /** Default 1. */
  times?: number;
}

interface Pending<T> {
  rule: T;
  remaining: number;
}

function matches(matcher: PathMatcher, path: string): boolean {
  return typeof matcher === 'string' ? matcher === path : matcher.test(path);
}

function take<T extends { path: PathMatcher }>(queue: Array<Pending<T>>, path: string): T | undefined {
  const pending = queue.find((entry) => matches(entry.rule.path, path));
  if (!pending) return undefined;
  pending.remaining -= 1;
  if (pending.remaining <= 0) queue.splice(queue.indexOf(pending), 1);
  return pending.rule;
}

function failureResponse(rule: FailureRule): ErrorResponse {
  const headers: Record<string, string> =
    rule.retryAfterSeconds === undefined ? {} : { 'retry-after': String(rule.retryAfterSeconds) };
  if (rule.status === 403 || rule.status === 429) return rateLimited(rule.status, rule.reason ?? 'rateLimitExceeded', headers);
  return backendError(rule.status, headers);
}

/** Injected failures and delays, consumed in the order they were scheduled. */
export class FaultPlan {
  private readonly failures: Array<Pending<FailureRule>> = [];
  private readonly hangs: Array<Pending<HangRule>> = [];

  failNext(rule: FailureRule): void {
    this.failures.push({ rule, remaining: rule.times ?? 1 });
  }

  hangNext(rule: HangRule): void {
    this.hangs.push({ rule, remaining: rule.times ?? 1 });
  }

  takeFailure(path: string): ErrorResponse | undefined {
    const rule = take(this.failures, path);
    return rule && failureResponse(rule);
  }

  /** Milliseconds to hold this request, if a hang is scheduled for it. */
  takeHang(path: string): number | undefined {
    return take(this.hangs, path)?.ms;
  }
}
