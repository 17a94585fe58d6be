import type { MicrosoftSettings } from '@breaker/api-contract/config';
import type { TokenCipher } from '@breaker/db';
import type { GoogleSettings } from './providers/google/google-calendar-client.js';
import type { RetryOptions } from './providers/provider-retries.js';
import type { JobDeps } from './job-deps.js';

/** Calendar sync needs, beyond any job's deps, Google's client settings and the key to the stored tokens. */
export interface CalendarJobDeps extends JobDeps {
  google: GoogleSettings | undefined;
  /** Microsoft's app registration; unset on a server without one. */
  microsoft?: MicrosoftSettings | undefined;
  cipher: TokenCipher;
  allowPrivateFeeds: boolean;
  /** Tests shorten the backoff and request timeout of Google and Microsoft Graph; production keeps the defaults. */
  providerRetry?: RetryOptions;
  providerTimeoutMs?: number;
}
