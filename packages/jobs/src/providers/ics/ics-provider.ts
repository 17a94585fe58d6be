import type { CalendarProvider } from '../calendar-provider.js';
import { syncIcsFeed } from './ics-sync.js';

/** A read-only iCalendar feed: re-read on each sync, never written. */
export const icsProvider: CalendarProvider = {
  name: 'ics',
  sync: syncIcsFeed,
};
