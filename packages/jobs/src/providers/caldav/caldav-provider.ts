import type { CalendarProvider } from '../calendar-provider.js';
import { syncCalDav } from './caldav-sync.js';
import { writeBreaksToCalDav } from './caldav-write-back.js';

/** A CalDAV account (Nextcloud, Fastmail, iCloud, Radicale, …): busy calendars read, breaks written into the chosen one. */
export const caldavProvider: CalendarProvider = {
  name: 'caldav',
  sync: syncCalDav,
  writeBack: writeBreaksToCalDav,
};
