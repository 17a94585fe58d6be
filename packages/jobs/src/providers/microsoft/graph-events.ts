import type { MeetingStatus } from '@breaker/api-contract';
import { DateTime } from 'luxon';
import type { EventChange } from '../event-changes.js';
import { mayBlock } from '../meeting-status.js';

/** The part of Graph's event resource Breaker reads (graph.resource.event.md). */
export interface GraphEvent {
  id: string;
  subject?: string | null;
  start?: { dateTime: string; timeZone: string } | null;
  end?: { dateTime: string; timeZone: string } | null;
  isAllDay?: boolean;
  isCancelled?: boolean;
  showAs?: 'free' | 'tentative' | 'busy' | 'oof' | 'workingElsewhere' | 'unknown';
  responseStatus?: { response?: string } | null;
  isOnlineMeeting?: boolean;
  onlineMeeting?: { joinUrl?: string | null } | null;
  transactionId?: string | null;
  '@removed'?: { reason: string };
}

/** Breaker's own breaks carry a transactionId starting so (break-write-back.ts); they are not meetings. */
export const BREAK_TRANSACTION_PREFIX = 'breaker-';

/** Graph's `showAs` in Breaker's words; `unknown` (or none) reads as busy. */
export function meetingStatus(event: GraphEvent): MeetingStatus {
  switch (event.showAs) {
    case 'free':
      return 'free';
    case 'tentative':
      return 'tentative';
    case 'oof':
      return 'outOfOffice';
    case 'workingElsewhere':
      return 'workingElsewhere';
    default:
      return 'busy';
  }
}

/**
 * Whether it may block breaks (the user's setting then says which statuses do): cancelled events and declined
 * invitations never; otherwise as its status allows (meeting-status.ts).
 */
export function blocksTime(event: GraphEvent): boolean {
  if (event.isCancelled || event.responseStatus?.response === 'declined') return false;
  return mayBlock(meetingStatus(event), event.isAllDay === true);
}

/** A Teams (or Skype) meeting: Graph marks it online and gives it join details. */
export function isCall(event: GraphEvent): boolean {
  return event.isOnlineMeeting === true || Boolean(event.onlineMeeting?.joinUrl);
}

/** Graph writes `dateTime` without an offset, in the zone it names; Breaker asks for UTC. */
function instant(value: GraphEvent['start']): DateTime {
  if (!value) return DateTime.invalid('missing');
  const zone = value.timeZone === 'UTC' || !value.timeZone ? 'utc' : value.timeZone;
  return DateTime.fromISO(value.dateTime, { zone });
}

/** A Graph event (or an `@removed` entry) as Breaker stores it; all-day dates become midnights in the user's zone. */
export function toEventChange(event: GraphEvent, calendarId: string, timeZone: string): EventChange | undefined {
  if (!event.id) return undefined;
  if (event['@removed'] || event.transactionId?.startsWith(BREAK_TRANSACTION_PREFIX))
    return { kind: 'removal', calendarId, externalId: event.id };
  const allDay = event.isAllDay === true;
  const start = allDay ? DateTime.fromISO(instant(event.start).toISODate() ?? '', { zone: timeZone }) : instant(event.start);
  const end = allDay ? DateTime.fromISO(instant(event.end).toISODate() ?? '', { zone: timeZone }) : instant(event.end);
  if (!start.isValid || !end.isValid) return undefined;
  return {
    kind: 'upsert',
    event: {
      calendarId,
      externalId: event.id,
      title: event.subject || '(No title)',
      start: start.toJSDate(),
      end: end.toJSDate(),
      isAllDay: allDay,
      blocksTime: blocksTime(event),
      showAs: meetingStatus(event),
      call: isCall(event),
    },
  };
}
