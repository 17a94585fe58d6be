import type { CalendarProvider } from '@breaker/api-contract';
import { recordProviderCall, type ProviderCallOutcome } from '../metrics/job-metrics.js';

/**
 * The one retry policy for calendar providers' HTTP APIs (Google Calendar, Microsoft Graph): both ask clients to retry
 * rate limits (429, Google's rate-limit 403s) and server errors (5xx) with exponential backoff, honouring
 * `Retry-After`; everything else is final. Each call is counted under its provider.
 */
const MAX_ATTEMPTS = 5;
const BASE_DELAY_MS = 250;
const MAX_DELAY_MS = 30_000;
const RETRYABLE_403_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

export interface ProviderFailure {
  status: number | undefined;
  reason: string | undefined;
  retryAfterSeconds: number | undefined;
  timedOut: boolean;
}

export function describeProviderFailure(error: unknown): ProviderFailure {
  const e = error as {
    status?: number;
    code?: string | number;
    name?: string;
    response?: { status?: number; data?: unknown; headers?: Headers | Record<string, string> };
  };
  const status = e.response?.status ?? (typeof e.status === 'number' ? e.status : undefined);
  const data = e.response?.data as { error?: { errors?: { reason?: string }[] } | string } | undefined;
  const reason = typeof data?.error === 'object' ? data.error.errors?.[0]?.reason : data?.error;
  const headers = e.response?.headers;
  const retryAfter = headers instanceof Headers ? headers.get('retry-after') : headers?.['retry-after'];
  const timedOut = isTimeout(e) || isTimeout((e as { error?: unknown }).error) || isTimeout((e as { cause?: unknown }).cause);
  return { status, reason, retryAfterSeconds: retryAfter ? Number(retryAfter) || undefined : undefined, timedOut };
}

/** A request the provider did not answer in time: the client aborted it, or the connection dropped. */
function isTimeout(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return (
    name === 'AbortError' ||
    name === 'TimeoutError' ||
    ['ETIMEDOUT', 'ECONNRESET', 'ECONNREFUSED', 'UND_ERR_SOCKET'].includes(String(code))
  );
}

function isRetryable(failure: ProviderFailure): boolean {
  if (failure.timedOut) return true;
  if (failure.status === undefined) return false;
  if (failure.status === 429 || failure.status >= 500) return true;
  return failure.status === 403 && failure.reason !== undefined && RETRYABLE_403_REASONS.has(failure.reason);
}

function callOutcome(failure: ProviderFailure, retrying: boolean): ProviderCallOutcome {
  if (failure.timedOut) return 'timeout';
  if (failure.status === 429 || (failure.status === 403 && RETRYABLE_403_REASONS.has(failure.reason ?? '')))
    return 'rate-limited';
  return retrying ? 'retry' : 'error';
}

export interface RetryOptions {
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  onRetry?: (failure: ProviderFailure, attempt: number, delayMs: number) => void;
}

/** The providers whose HTTP APIs Breaker calls with this policy (the calls metric's `provider` label). */
export type RetriedProvider = Extract<CalendarProvider, 'google' | 'microsoft'>;

export async function withProviderRetries<T>(
  provider: RetriedProvider,
  call: () => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await call();
      recordProviderCall(provider, 'ok');
      return result;
    } catch (error) {
      const failure = describeProviderFailure(error);
      const retrying = isRetryable(failure) && attempt < MAX_ATTEMPTS;
      recordProviderCall(provider, callOutcome(failure, retrying));
      if (!retrying) throw error;
      const backoff = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1));
      // Full jitter spreads retries from many workers; Retry-After, when the provider sends it, wins.
      const delayMs = failure.retryAfterSeconds
        ? Math.min(MAX_DELAY_MS, failure.retryAfterSeconds * 1000)
        : Math.round(backoff * (0.5 + random() / 2));
      options.onRetry?.(failure, attempt, delayMs);
      await sleep(delayMs);
    }
  }
}
