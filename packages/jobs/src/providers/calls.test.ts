import { describe, expect, it } from 'vitest';
import { toEventChange as fromGoogle } from './google/google-events.js';
import { toEventChange as fromGraph } from './microsoft/graph-events.js';

const TIMED = { start: { dateTime: '2026-03-02T09:00:00Z' }, end: { dateTime: '2026-03-02T09:30:00Z' } };
const GRAPH_TIMED = {
  start: { dateTime: '2026-03-02T09:00:00.0000000', timeZone: 'UTC' },
  end: { dateTime: '2026-03-02T09:30:00.0000000', timeZone: 'UTC' },
};

function googleCall(event: Record<string, unknown>): boolean | undefined {
  const change = fromGoogle({ id: 'e1', summary: 'Meeting', ...TIMED, ...event }, 'primary', 'UTC');
  return change?.kind === 'upsert' ? change.event.call : undefined;
}

function graphCall(event: Record<string, unknown>): boolean | undefined {
  const change = fromGraph({ id: 'e1', subject: 'Meeting', ...GRAPH_TIMED, ...event }, 'calendar', 'UTC');
  return change?.kind === 'upsert' ? change.event.call : undefined;
}

describe('which meetings are calls', () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    ['a Meet link', { hangoutLink: 'https://meet.google.com/abc-defg-hij' }, true],
    [
      'a conference with a video entry point (an add-on: Zoom)',
      {
        conferenceData: {
          conferenceSolution: { key: { type: 'addOn' }, name: 'Zoom Meeting' },
          entryPoints: [{ entryPointType: 'video', uri: 'https://us02web.zoom.us/j/123' }],
        },
      },
      true,
    ],
    [
      'a conference with only a phone entry point',
      { conferenceData: { entryPoints: [{ entryPointType: 'phone', uri: 'tel:+1-555-0100' }] } },
      false,
    ],
    ['a Teams link pasted into the description', { description: 'Join https://teams.microsoft.com/l/meetup-join/x' }, true],
    ['a lookalike host in the location', { location: 'https://meet.google.com.evil.example/x' }, false],
    ['a room', { location: 'Room 4.12' }, false],
  ])('Google: %s', (_, event, call) => {
    expect(googleCall(event)).toBe(call);
  });

  it.each<[string, Record<string, unknown>, boolean]>([
    [
      'isOnlineMeeting',
      { isOnlineMeeting: true, onlineMeeting: { joinUrl: 'https://teams.microsoft.com/l/meetup-join/x' } },
      true,
    ],
    ['join details without the flag', { onlineMeeting: { joinUrl: 'https://teams.microsoft.com/l/meetup-join/x' } }, true],
    ['an in-person meeting', { isOnlineMeeting: false, onlineMeeting: null }, false],
    ['no online fields at all', {}, false],
  ])('Microsoft Graph: %s', (_, event, call) => {
    expect(graphCall(event)).toBe(call);
  });
});
