import { AppError, SERVER_MESSAGES, type CalendarSyncPayload, type CalendarSyncResult } from '@breaker/api-contract';
import { findUserById } from '@breaker/db';
import type { JobDeps } from './job-deps.js';

/** Calendar sync: a user without a connected calendar is told so; reading Google and ICS feeds comes with the calendar issue. */
export async function runCalendarSync(deps: JobDeps, payload: CalendarSyncPayload): Promise<CalendarSyncResult> {
  const user = await findUserById(deps.db, payload.userId);
  if (!user) throw new AppError('NOT_FOUND', 'That user no longer exists');
  if (!user.calendar_provider) return { needsConnection: true, message: 'No calendar is connected yet' };
  throw new AppError('NOT_IMPLEMENTED', SERVER_MESSAGES.notImplemented);
}
