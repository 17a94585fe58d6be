import type {
  CalendarSyncPayload,
  CalendarSyncResult,
  PasswordResetMailPayload,
  PlaceBreaksPayload,
  RefreshBreaksResult,
} from '@breaker/api-contract';

/** How the API hands work to the job functions: through BullMQ when Redis is configured, in-process otherwise. */
export interface JobRunner {
  readonly mode: 'queue' | 'in-process';
  placeBreaks(payload: PlaceBreaksPayload): Promise<RefreshBreaksResult>;
  /** Brings the user's calendar in line with their breaks, in the background. */
  writeBreaksBack(userId: string): Promise<void>;
  /** Waits up to `waitMs` for the sync; a slower one goes on in the background and the answer says it is running. */
  syncCalendar(payload: CalendarSyncPayload, waitMs: number): Promise<CalendarSyncResult>;
  /** Sends a password reset e-mail in the background; with Redis it waits in the queue until a worker sends it. */
  sendPasswordReset(payload: PasswordResetMailPayload): Promise<void>;
  /** Throws while the queue backend cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const SYNC_RUNNING: CalendarSyncResult = {
  running: true,
  message: 'Your calendar is syncing; the new schedule will appear in a moment',
};

/** What a Redis outage means for the API, said once per outage in its log. */
export const REDIS_OUTAGE_CONSEQUENCE = 'refresh and sync answer 503 until it is back';
