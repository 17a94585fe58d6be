import { breakSessionPath, PRODUCT_NAME } from '@breaker/api-contract';
import type { BreakWithActivity } from '@breaker/db';
import ICAL from 'ical.js';

export const BREAKS_CALENDAR_NAME = `${PRODUCT_NAME} breaks`;

// ical.js folds after 75 octets of content, and a continuation line's leading space makes it 76; RFC 5545 asks for at
// most 75 octets a line. The setting is read only when writing, and anything ical.js writes in this process may follow it.
ICAL.foldLength = 74;

/**
 * The user's breaks as one iCalendar document, written by ical.js (the library that reads the ICS feeds too), which
 * escapes text and folds long lines as RFC 5545 asks. Every value comes from the stored breaks, none from the clock,
 * so the same breaks give the same text and the same ETag.
 */
export function breaksCalendar(breaks: readonly BreakWithActivity[], appUrl: URL): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', `-//${PRODUCT_NAME}//Breaks feed//EN`);
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('x-wr-calname', BREAKS_CALENDAR_NAME);
  // Calendar apps that honour it poll every 15 minutes: breaks move when meetings do.
  calendar.addPropertyWithValue('refresh-interval', ICAL.Duration.fromSeconds(15 * 60)).setParameter('value', 'DURATION');
  calendar.addPropertyWithValue('x-published-ttl', 'PT15M');
  for (const session of breaks) calendar.addSubcomponent(breakEvent(session, appUrl));
  return calendar.toString() + '\r\n';
}

function utc(date: Date) {
  return ICAL.Time.fromJSDate(date, true);
}

function breakEvent(session: BreakWithActivity, appUrl: URL) {
  const link = new URL(breakSessionPath(session.id), appUrl).toString();
  const minutes = session.duration;
  const event = new ICAL.Component('vevent');
  event.addPropertyWithValue('uid', `${session.id}@${appUrl.host}`);
  event.addPropertyWithValue('dtstamp', utc(session.created_at));
  event.addPropertyWithValue('last-modified', utc(session.created_at));
  event.addPropertyWithValue('dtstart', utc(session.scheduled_time));
  event.addPropertyWithValue('dtend', utc(new Date(session.scheduled_time.getTime() + minutes * 60_000)));
  event.addPropertyWithValue('summary', `Break: ${session.activity.name}`);
  event.addPropertyWithValue(
    'description',
    `${session.activity.name}, ${minutes} minute${minutes === 1 ? '' : 's'} (${session.activity.type}).\n\n` +
      `${session.activity.instructions.join('\n')}\n\nOpen in ${PRODUCT_NAME}: ${link}`,
  );
  event.addPropertyWithValue('url', link);
  event.addPropertyWithValue('status', 'CONFIRMED');
  // A break never makes the person look busy to others.
  event.addPropertyWithValue('transp', 'TRANSPARENT');
  return event;
}
