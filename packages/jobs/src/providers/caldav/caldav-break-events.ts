import type { BreakWithActivity } from '@breaker/db';
import ICAL from 'ical.js';
import { breakEventId, breakEventText } from '../break-event.js';

/** Every UID Breaker writes ends so: only such events are ever changed or removed, and sync does not read them as meetings. */
export const BREAKER_UID_SUFFIX = '@breaker';

const BREAKER_UID_LINE = new RegExp(`^UID:[^\\r\\n]*${BREAKER_UID_SUFFIX.replace('.', '\\.')}\\r?$`, 'm');

export function isBreakerObject(data: string): boolean {
  return BREAKER_UID_LINE.test(data);
}

export interface BreakEvent {
  uid: string;
  /** The object's name in the calendar collection: URL-safe (hex). */
  fileName: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
}

export function breakEvent(userId: string, scheduled: BreakWithActivity): BreakEvent {
  const id = breakEventId(userId, scheduled.scheduled_time);
  const start = scheduled.scheduled_time;
  return {
    uid: `${id}${BREAKER_UID_SUFFIX}`,
    fileName: `${id}.ics`,
    start,
    end: new Date(start.getTime() + scheduled.duration * 60_000),
    ...breakEventText(scheduled),
  };
}

/** The iCalendar object, written with ical.js (escaping and folding are its job): free time, in UTC. */
export function breakEventIcs(event: BreakEvent, now: Date): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.updatePropertyWithValue('prodid', '-//Breaker//Breaks//EN');
  calendar.updatePropertyWithValue('version', '2.0');
  const vevent = new ICAL.Component('vevent');
  vevent.updatePropertyWithValue('uid', event.uid);
  vevent.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(now, true));
  vevent.updatePropertyWithValue('dtstart', ICAL.Time.fromJSDate(event.start, true));
  vevent.updatePropertyWithValue('dtend', ICAL.Time.fromJSDate(event.end, true));
  vevent.updatePropertyWithValue('summary', event.summary);
  vevent.updatePropertyWithValue('description', event.description);
  vevent.updatePropertyWithValue('transp', 'TRANSPARENT');
  calendar.addSubcomponent(vevent);
  return `${calendar.toString()}\r\n`;
}
