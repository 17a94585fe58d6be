import type { HttpErrorResponse } from './error-response.js';

/** A request path (percent-decoded, without the query): equal to a string, or matching a RegExp. */
export type PathMatcher = RegExp | string;

/** What every scheduled failure names; each fake adds the statuses its service answers with. */
export interface ScheduledFailure {
  path: PathMatcher;
  /** Default 1. */
  times?: number;
}

/** The next `times` matching requests are answered only after `ms`, for client timeout tests. */
export interface HangRule {
  path: PathMatcher;
  ms: number;
  /** Default 1. */
  times?: number;
  /** Carry the request out first and hold back only its answer: a write that happened though the client gave up. */
  afterHandling?: boolean;
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

/** Injected failures and delays, consumed in the order they were scheduled; `answer` writes a failure as the service does. */
export class FaultPlan<F extends ScheduledFailure> {
  private readonly failures: Array<Pending<F>> = [];
  private readonly hangs: Array<Pending<HangRule>> = [];

  constructor(private readonly answer: (rule: F) => HttpErrorResponse) {}

  failNext(rule: F): void {
    this.failures.push({ rule, remaining: rule.times ?? 1 });
  }

  hangNext(rule: HangRule): void {
    this.hangs.push({ rule, remaining: rule.times ?? 1 });
  }

  takeFailure(path: string): HttpErrorResponse | undefined {
    const rule = take(this.failures, path);
    return rule && this.answer(rule);
  }

  /** The hang scheduled for this request, if any. */
  takeHang(path: string): HangRule | undefined {
    return take(this.hangs, path);
  }
}

/** `Retry-After` (seconds) when the rule asks for one. */
export function retryAfter(seconds: number | undefined): Record<string, string> {
  return seconds === undefined ? {} : { 'retry-after': String(seconds) };
}
