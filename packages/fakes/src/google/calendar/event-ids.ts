import { randomInt } from 'node:crypto';
import type { Occurrence } from './recurrence-expansion.js';
import { formatDate, formatUtcBasic } from './zoned-time.js';

/** Event ids use base32hex (lowercase a–v, 0–9), 5–1024 characters (Event.id in the discovery doc). */
const BASE32HEX = '0123456789abcdefghijklmnopqrstuv';
const CLIENT_EVENT_ID = /^[a-v0-9]{5,1024}$/;

export function newEventId(): string {
  return Array.from({ length: 26 }, () => BASE32HEX[randomInt(32)]).join('');
}

export function isValidClientEventId(id: string): boolean {
  return CLIENT_EVENT_ID.test(id);
}

/** `68k0p6ackplecqs9fuvbs1fju0_20250324T123000Z` for a timed instance, `…_20250324` for an all-day one. */
export function instanceIdOf(recurringEventId: string, occurrence: Occurrence): string {
  const suffix = occurrence.kind === 'timed' ? formatUtcBasic(occurrence.instant) : formatDate(occurrence.date).replace(/-/g, '');
  return `${recurringEventId}_${suffix}`;
}

/**
 * Captured etags are twice the `updated` time in microseconds (`"3485452990504510"` for …35.252Z); the low digits
 * here come from the change counter so two changes in one millisecond still differ.
 */
export function eventEtag(updatedMs: number, changeSeq: number): string {
  return `"${(updatedMs * 1000 + (changeSeq % 1000)) * 2}"`;
}

/** A collection etag shaped like `"p32fttgkdgag8o0o"`. */
export function collectionEtag(changeSeq: number): string {
  return `"p3${changeSeq.toString(32).padStart(14, '0')}"`;
}

/** Google's own link: the eid is base64 of "<event id> <calendar id>". It points at google.com, as the real one does. */
export function htmlLinkOf(eventId: string, calendarId: string): string {
  const eid = Buffer.from(`${eventId} ${calendarId}`).toString('base64').replace(/=+$/, '');
  return `https://www.google.com/calendar/event?eid=${eid}`;
}
