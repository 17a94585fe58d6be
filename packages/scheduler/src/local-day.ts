import { DateTime, IANAZone } from 'luxon';

/**
 * The midnight that starts the day `at` falls on in `zone`: "the start of the user's today" for the planner, the
 * calendar sync and the calendar read. A DateTime, so callers step whole local days across DST changes. A zone luxon does
 * not know counts the day in UTC, like the database's `usable_time_zone` (packages/db, `startOfLocalToday`).
 */
export function startOfLocalDay(zone: string, at: Date | number): DateTime {
  const known = IANAZone.isValidZone(zone) ? zone : 'UTC';
  const local = typeof at === 'number' ? DateTime.fromMillis(at, { zone: known }) : DateTime.fromJSDate(at, { zone: known });
  return local.startOf('day');
}
