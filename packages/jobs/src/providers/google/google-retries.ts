import { recordGoogleCall, type GoogleCallOutcome } from '../../metrics/job-metrics.js';

/** Google asks clients to retry rate limits and server errors with exponential backoff; everything else is final. */
const MAX_ATTEMPTS = 5;
const BASE_DELAY_MS = 250;
const MAX_DELAY_MS = 30_000;
const RETRYABLE_403_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

export interface GoogleFailure {
  status: number | undefined;
  reason: string | undefined;
  retryAfterSeconds: number | undefined;
  timedOut: boolean;
}

export function describeGoogleFailure(error: unknown): GoogleFailure {
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

/** A request Google did not answer in time: the client aborted it, or the connection dropped. */
function isTimeout(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return (
    name === 'AbortError' ||
    name === 'TimeoutError' ||
    ['ETIMEDOUT', 'ECONNRESET', 'ECONNREFUSED', 'UND_ERR_SOCKET'].includes(String(code))
  );
}

function isRetryable(failure: GoogleFailure): boolean {
  if (failure.timedOut) return true;
  if (failure.status === undefined) return false;
  if (failure.status === 429 || failure.status >= 500) return true;
  return failure.status === 403 && failure.reason !== undefined && RETRYABLE_403_REASONS.has(failure.reason);
}

function callOutcome(failure: GoogleFailure, retrying: boolean): GoogleCallOutcome {
  if (failure.timedOut) return 'timeout';
  if (failure.status === 429 || (failure.status === 403 && RETRYABLE_403_REASONS.has(failure.reason ?? '')))
    return 'rate-limited';
  return retrying ? 'retry' : 'error';
}

export interface RetryOptions {
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  onRetry?: (failure: GoogleFailure, attempt: number, delayMs: number) => void;
}

export async function withGoogleRetries<T>(call: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await call();
      recordGoogleCall('ok');
      return result;
    } catch (error) {
      const failure = describeGoogleFailure(error);
      const retrying = isRetryable(failure) && attempt < MAX_ATTEMPTS;
      recordGoogleCall(callOutcome(failure, retrying));
      if (!retrying) throw error;
      const backoff = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1));
      // Full jitter spreads retries from many workers; Retry-After, when Google sends it, wins.
      const delayMs = failure.retryAfterSeconds
        ? Math.min(MAX_DELAY_MS, failure.retryAfterSeconds * 1000)
        : Math.round(backoff * (0.5 + random() / 2));
      options.onRetry?.(failure, attempt, delayMs);
      await sleep(delayMs);
    }
  }
}
