import { graphError, throttled } from '../graph/graph-errors.js';
import type { MicrosoftError } from '../http/respond.js';

/** A request path (without the query): equal to a string, or matching a RegExp. */
export type PathMatcher = RegExp | string;

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

/** The next `times` matching requests are answered only after `ms`, for client timeout tests. */
export interface HangRule {
  path: PathMatcher;
  ms: number;
  /** Carry the request out first and hold back only its answer: a write that happened though the client gave up. */
  afterHandling?: boolean;
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

function failureResponse(rule: FailureRule): MicrosoftError {
  const headers: Record<string, string> =
    rule.retryAfterSeconds === undefined ? {} : { 'retry-after': String(rule.retryAfterSeconds) };
  if (rule.status === 429) return throttled(headers);
  const code = rule.status === 503 ? 'serviceNotAvailable' : 'gatewayTimeout';
  return graphError(rule.status, code, 'The service is temporarily unavailable. Please retry later.', headers);
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

  takeFailure(path: string): MicrosoftError | undefined {
    const rule = take(this.failures, path);
    return rule && failureResponse(rule);
  }

  takeHang(path: string): HangRule | undefined {
    return take(this.hangs, path);
  }
}
