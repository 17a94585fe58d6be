import type { TokenCipher } from '@breaker/db';
import type { GoogleSettings } from './providers/google/google-calendar-client.js';
import type { RetryOptions } from './providers/google/google-retries.js';
import type { JobDeps } from './job-deps.js';

/** Calendar sync needs, beyond any job's deps, Google's client settings and the key to the stored tokens. */
export interface CalendarJobDeps extends JobDeps {
  google: GoogleSettings | undefined;
  cipher: TokenCipher;
  allowPrivateFeeds: boolean;
  /** Tests shorten Google's backoff and request timeout; production keeps the defaults. */
  googleRetry?: RetryOptions;
  googleTimeoutMs?: number;
}
