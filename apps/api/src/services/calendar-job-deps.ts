import type { CalendarJobDeps } from '@breaker/jobs';
import type { AppDeps } from '../deps.js';

/** What the calendar providers need when the API calls them directly (connecting, disconnecting). */
export function calendarJobDeps(deps: AppDeps): CalendarJobDeps {
  return {
    db: deps.db,
    log: deps.log,
    now: deps.now,
    cipher: deps.cipher,
    allowPrivateFeeds: deps.config.allowPrivateFeeds,
    google: deps.config.google,
    microsoft: deps.config.microsoft,
  };
}
