import type { calendar_v3 } from '@googleapis/calendar';
import { describe, expect, it } from 'vitest';
import { toEventChange } from './google-events.js';

const ME = 'me@example.com';
const timed = { start: { dateTime: '2026-11-23T09:00:00Z' }, end: { dateTime: '2026-11-23T10:00:00Z' } };
const allDay = { start: { date: '2026-11-23' }, end: { date: '2026-11-24' } };
const invited = (responseStatus: string) => [
  { email: ME, self: true, responseStatus },
  { email: 'boss@example.com', organizer: true, responseStatus: 'accepted' },
];

/** Each event's stored status and whether it may block, keyed by its id. */
function read(events: calendar_v3.Schema$Event[]) {
  return Object.fromEntries(
    events.map((event) => {
      const change = toEventChange(event, 'primary', 'Europe/Berlin');
      return [event.id, change?.kind === 'upsert' ? [change.event.showAs, change.event.blocksTime] : change?.kind];
    }),
  );
}

describe("Google events in Breaker's words: how each shows the user's time", () => {
  it("reads transparency, the user's answer and the event type as a status, and which may block", () => {
    expect(
      read([
        { id: 'meeting', ...timed },
        { id: 'free', transparency: 'transparent', ...timed },
        { id: 'maybe', attendees: invited('tentative'), ...timed },
        { id: 'accepted', attendees: invited('accepted'), ...timed },
        { id: 'declined', attendees: invited('declined'), ...timed },
        { id: 'unanswered', attendees: invited('needsAction'), ...timed },
        { id: 'away', eventType: 'outOfOffice', transparency: 'opaque', ...timed },
        { id: 'office', eventType: 'workingLocation', transparency: 'transparent', ...timed },
        { id: 'cancelled', status: 'cancelled', ...timed },
      ]),
    ).toEqual({
      meeting: ['busy', true],
      free: ['free', false],
      maybe: ['tentative', true],
      accepted: ['busy', true],
      declined: ['busy', false],
      unanswered: ['busy', false],
      away: ['outOfOffice', true],
      office: ['workingElsewhere', true],
      cancelled: 'removal',
    });
  });

  it('lets an all-day event block only when busy or away: a working location or a maybe for the whole day leaves it open', () => {
    expect(
      read([
        { id: 'busy', ...allDay },
        { id: 'marker', transparency: 'transparent', ...allDay },
        { id: 'maybe', attendees: invited('tentative'), ...allDay },
        { id: 'office', eventType: 'workingLocation', ...allDay },
      ]),
    ).toEqual({
      busy: ['busy', true],
      marker: ['free', false],
      maybe: ['tentative', false],
      office: ['workingElsewhere', false],
    });
  });
});
