import { SCHEDULING_HORIZON_DAYS } from '@breaker/api-contract';
import { startOfLocalDay } from '@breaker/scheduler';
import type { SyncWindow } from './providers/calendar-provider.js';

/** A week back (the week view shows it) to a week past the planning horizon (next week's view). */
export function syncWindow(timeZone: string, now: Date): SyncWindow {
  const today = startOfLocalDay(timeZone, now);
  return {
    from: today.minus({ days: 7 }).toJSDate(),
    to: today.plus({ days: SCHEDULING_HORIZON_DAYS + 7 }).toJSDate(),
    timeZone,
  };
}
