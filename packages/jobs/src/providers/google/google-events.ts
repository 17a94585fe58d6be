import type { MeetingStatus } from '@breaker/api-contract';
import type { calendar_v3 } from '@googleapis/calendar';
import { DateTime } from 'luxon';
import type { EventChange } from '../event-changes.js';
import { mayBlock } from '../meeting-status.js';
import { mentionsVideoCall } from '../video-call.js';
import { isBreakerEvent } from './break-write-back.js';

/**
 * Google's event in Breaker's words: an out-of-office block is away, a working location is working elsewhere, a
 * transparent event is free, an invitation the user answered "maybe" is tentative; anything else is busy.
 */
export function meetingStatus(event: calendar_v3.Schema$Event): MeetingStatus {
  if (event.eventType === 'outOfOffice') return 'outOfOffice';
  if (event.eventType === 'workingLocation') return 'workingElsewhere';
  if (event.transparency === 'transparent') return 'free';
  const me = event.attendees?.find((attendee) => attendee.self);
  return me?.responseStatus === 'tentative' ? 'tentative' : 'busy';
}

/**
 * Whether it may block breaks (the user's setting then says which statuses do): events the user accepted, tentatively
 * accepted or organises; not declined, unanswered or cancelled ones; otherwise as its status allows (meeting-status.ts).
 */
export function blocksTime(event: calendar_v3.Schema$Event): boolean {
  if (event.status === 'cancelled') return false;
  if (!mayBlock(meetingStatus(event), Boolean(event.start?.date))) return false;
  if (event.eventType === 'outOfOffice' || event.eventType === 'workingLocation') return true;
  const me = event.attendees?.find((attendee) => attendee.self);
  if (!me) return true;
  if (me.organizer || event.organizer?.self) return me.responseStatus !== 'declined';
  return me.responseStatus === 'accepted' || me.responseStatus === 'tentative';
}

/**
 * A video call: Meet's `hangoutLink`, a conference with a video entry point (Meet, or an add-on's Zoom or Teams), or a
 * call's join link pasted into the location or description.
 */
export function isCall(event: calendar_v3.Schema$Event): boolean {
  if (event.hangoutLink) return true;
  if (event.conferenceData?.entryPoints?.some((entry) => entry.entryPointType === 'video' && entry.uri)) return true;
  return mentionsVideoCall(event.location, event.description);
}

/** A Google event as Breaker stores it; all-day dates become midnights in the user's zone. */
export function toEventChange(event: calendar_v3.Schema$Event, calendarId: string, timeZone: string): EventChange | undefined {
  if (!event.id) return undefined;
  // Breaker's own breaks in the calendar are not meetings; they were never stored, so their removal is harmless too.
  if (event.status === 'cancelled' || isBreakerEvent(event)) return { kind: 'removal', calendarId, externalId: event.id };
  const allDay = Boolean(event.start?.date);
  const start = allDay
    ? DateTime.fromISO(event.start?.date ?? '', { zone: timeZone })
    : DateTime.fromISO(event.start?.dateTime ?? '');
  const end = allDay ? DateTime.fromISO(event.end?.date ?? '', { zone: timeZone }) : DateTime.fromISO(event.end?.dateTime ?? '');
  if (!start.isValid || !end.isValid) return undefined;
  return {
    kind: 'upsert',
    event: {
      calendarId,
      externalId: event.id,
      title: event.summary ?? '(No title)',
      start: start.toJSDate(),
      end: end.toJSDate(),
      isAllDay: allDay,
      blocksTime: blocksTime(event),
      showAs: meetingStatus(event),
      call: isCall(event),
    },
  };
}
