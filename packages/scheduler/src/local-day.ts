import { DateTime, type Zone } from 'luxon';
import { zoneClock } from './zone-clock.js';

/**
 * The midnight that starts the day `at` falls on in `zone`: "the start of the user's today" for the planner, the
 * calendar sync and the calendar read. A DateTime, so callers step whole local days across DST changes. A zone luxon does
 * not know counts the day in UTC, like the database's `usable_time_zone` (packages/db, `startOfLocalToday`).
 */
export function startOfLocalDay(zone: string, at: Date | number): DateTime {
  const known = usableZone(zone);
  const local = typeof at === 'number' ? DateTime.fromMillis(at, { zone: known }) : DateTime.fromJSDate(at, { zone: known });
  return local.startOf('day');
}

/**
 * The zone named, or UTC when luxon does not know the name. Kept per name with the zone's clock: luxon checks a name
 * by building a date formatter, which cost a tenth of a planning run when asked on every call.
 */
export function usableZone(name: string): Zone {
  return zoneClock(name).zone;
}
