import {
  AppError,
  type CalDavCalendar,
  type CalDavCalendarChoice,
  type CalDavConnected,
  type CalDavInput,
} from '@breaker/api-contract';
import { findCalendarConnection, listConnectionCalendars } from '@breaker/db';
import { chooseCalDavCalendars, connectCalDav } from '@breaker/jobs';
import type { AppDeps } from '../deps.js';
import { calendarJobDeps } from './calendar-job-deps.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Connects (or replaces) the user's CalDAV account; the password is never logged nor answered. */
export async function connectCalDavAccount(deps: AppDeps, userId: string, input: CalDavInput): Promise<CalDavConnected> {
  const { calendars, imported } = await connectCalDav(calendarJobDeps(deps), userId, input);
  deps.log.info({ userId, calendars, imported }, 'CalDAV account connected');
  await deps.jobs.placeBreaks({ userId, trigger: 'sync' });
  return {
    calendars,
    imported,
    message: `Read ${plural(imported, 'event', 'events')} from ${plural(calendars, 'calendar', 'calendars')}`,
  };
}

export async function listCalDavCalendars(deps: AppDeps, userId: string): Promise<CalDavCalendar[]> {
  const connection = await findCalendarConnection(deps.db, userId);
  if (connection?.provider !== 'caldav') throw new AppError('NOT_FOUND', 'No CalDAV account is connected');
  return listConnectionCalendars(deps.db, connection.id);
}

/** New choices take effect at once: the calendars are read again, the breaks re-planned and written where chosen. */
export async function chooseCalendars(deps: AppDeps, userId: string, choices: CalDavCalendarChoice[]): Promise<CalDavCalendar[]> {
  const calendars = await chooseCalDavCalendars(deps, userId, choices);
  await deps.jobs.syncCalendar({ userId, trigger: 'manual' }, 0);
  await deps.jobs.writeBreaksBack(userId);
  return calendars;
}
