import { AppError, type CalendarProvider as ProviderName } from '@breaker/api-contract';
import type { CalendarConnectionRow } from '@breaker/db';
import type { CalendarJobDeps } from '../calendar-job-deps.js';

/**
 * One kind of calendar Breaker reads (and maybe writes): Google, an ICS feed, CalDAV, Microsoft. calendar-sync.ts and
 * write-back.ts know nothing of any one provider; they look the connection's provider up (providers/index.ts) and call
 * it. See docs/decisions/009-calendar-providers.md.
 */
export interface CalendarProvider {
  readonly name: ProviderName;
  /**
   * Reads the connection's events of the window into the database (replaceConnectionEvents / applyEventChanges)
   * and answers whether the busy time changed. Throws ProviderAccessExpired when the stored credentials no longer
   * work, an AppError for anything the user should read, anything else for a failure worth retrying.
   */
  sync(deps: CalendarJobDeps, connection: CalendarConnectionRow, window: SyncWindow): Promise<SyncOutcome>;
  /**
   * Makes the user's calendar show exactly their scheduled breaks of the window (none when booking is off), touching
   * only events Breaker created. Absent for read-only providers (an ICS feed). Throws as `sync` does.
   */
  writeBack?(
    deps: CalendarJobDeps,
    connection: CalendarConnectionRow,
    userId: string,
    window: WriteBackWindow,
    options: WriteBackOptions,
  ): Promise<WriteBackResult>;
  /**
   * Hands the stored grant back to the provider when the user disconnects, so that Breaker's access ends there too.
   * Absent where there is nothing to hand back: a feed, a CalDAV app password (the user's own, revoked at their
   * server), and Microsoft, whose identity platform revokes a user's sessions as a whole, not one app's token.
   */
  revokeAccess?(deps: CalendarJobDeps, connection: CalendarConnectionRow): Promise<void>;
}

/** The weeks a sync reads (sync-window.ts), and the user's zone for all-day dates and floating times. */
export interface SyncWindow {
  from: Date;
  to: Date;
  timeZone: string;
}

export interface SyncOutcome {
  /** The time the stored events block changed: the breaks are planned again. */
  busyChanged: boolean;
  /** Events added, changed or removed (for the answer and the log). */
  eventsChanged: number;
  mode?: 'full' | 'incremental';
}

/** From now to the end of the sync window: past breaks stay as they were. */
export interface WriteBackWindow {
  from: Date;
  to: Date;
}

export interface WriteBackOptions {
  /** The user's calendar booking preference: off, every event Breaker wrote is removed. */
  bookingEnabled: boolean;
  /** Whether the user's calendar should announce each break as it starts (a popup where the provider has them). */
  alertsEnabled: boolean;
}

export interface WriteBackOutcome {
  created: number;
  updated: number;
  deleted: number;
}

/** What a write-back did, or why it did nothing (a provider not configured on this server, say). */
export type WriteBackResult = WriteBackOutcome | { skipped: string };

/**
 * The provider refused the stored credentials for good (a revoked grant, a changed password): the connection is
 * marked needs_reconnection and the user is asked to connect again. Thrown by providers, handled in one place each
 * by calendar-sync.ts and write-back.ts.
 */
export class ProviderAccessExpired extends Error {
  override readonly name = 'ProviderAccessExpired';
}

/**
 * The calendar server the user connected (their CalDAV server, say) is down or unreachable: a 503 with a message, and
 * one log line without a stack, since nothing in Breaker is broken. The next sync tries again; nothing stored is lost.
 */
export class ProviderUnavailable extends AppError {
  constructor(message: string) {
    super('UNAVAILABLE', message);
    this.name = 'ProviderUnavailable';
  }
}

/**
 * A provider call whose failures `isExpired` recognises as a revoked or expired grant (the one failure only the user
 * can fix, by reconnecting) rethrown as ProviderAccessExpired; any other failure passes through.
 */
export function expiryAware(isExpired: (error: unknown) => boolean, message: string) {
  return async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (isExpired(error)) throw new ProviderAccessExpired(message, { cause: error });
      throw error;
    }
  };
}
