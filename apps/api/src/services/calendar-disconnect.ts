import { AppError, type CalendarProvider } from '@breaker/api-contract';
import { disconnectCalendar } from '@breaker/jobs';
import type { AppDeps } from '../deps.js';
import { calendarJobDeps } from './calendar-job-deps.js';

/** What the user connected, in the words a 404 uses when there is nothing of that kind to disconnect. */
const CONNECTED_THING: Record<CalendarProvider, string> = {
  google: 'Google calendar',
  microsoft: 'Microsoft calendar',
  caldav: 'CalDAV account',
  ics: 'calendar feed',
};

/**
 * Disconnects the user's calendar of that provider (Breaker's events taken out of it first, the grant handed back
 * where the provider takes one: packages/jobs disconnect-calendar.ts), then plans the breaks again without its meetings.
 */
export async function disconnectUserCalendar(deps: AppDeps, userId: string, provider: CalendarProvider): Promise<{ ok: true }> {
  if (!(await disconnectCalendar(calendarJobDeps(deps), userId, provider)))
    throw new AppError('NOT_FOUND', `No ${CONNECTED_THING[provider]} is connected`);
  deps.log.info({ userId, provider }, 'calendar disconnected');
  await deps.jobs.placeBreaks({ userId, trigger: 'sync' });
  return { ok: true };
}
