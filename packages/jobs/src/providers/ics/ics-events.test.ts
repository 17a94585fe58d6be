import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { icsEvents, repairIcs, resolveTimeZone, type IcsEvent } from './ics-events.js';

function fixture(name: string): string {
  return readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), 'utf8');
}

function read(name: string, from: string, to: string, timeZone = 'Europe/Berlin', ownerEmails?: string[]): IcsEvent[] {
  return icsEvents(fixture(name), { from: new Date(from), to: new Date(to), timeZone, ownerEmails });
}

const brief = (events: readonly IcsEvent[]) =>
  events.map((e) => [e.title, e.start.toISOString(), e.end.toISOString(), e.isAllDay, e.blocksTime]);

describe('icsEvents on real-world calendars', () => {
  it('Apple: UTC and TZID=America/Vancouver without VTIMEZONE; tentative blocks, cancelled is left out', () => {
    const events = read('apple-macos-tentative-cancelled-status.ics', '2022-07-01T00:00:00Z', '2022-07-10T00:00:00Z');
    expect(brief(events)).toEqual([
      ['Tentative', '2022-07-04T23:00:00.000Z', '2022-07-04T23:50:00.000Z', false, true],
      ['Confirmed', '2022-07-05T16:00:00.000Z', '2022-07-05T17:00:00.000Z', false, true],
      ['No Status', '2022-07-07T16:00:00.000Z', '2022-07-07T17:00:00.000Z', false, true],
    ]);
    expect(events[0]!.externalId).toBe('31a1ffc9-9b76-465b-ae4a-cadb694c9d37');
  });

  it('declined invitations do not block time, when the owner is known', () => {
    const file = 'attendees-partstat-declined-tentative-delegated.ics';
    const window = ['2014-04-01T00:00:00Z', '2014-04-30T00:00:00Z'] as const;
    const [declined] = read(file, ...window, 'Europe/Berlin', ['Another@Example.com']);
    expect(brief([declined!])).toEqual([['An Event', '2014-04-09T07:30:00.000Z', '2014-04-09T08:30:00.000Z', false, false]]);
    expect(read(file, ...window, 'Europe/Berlin', ['jdoe@example.com'])[0]!.blocksTime).toBe(true);
    expect(read(file, ...window, 'Europe/Berlin', ['tent@example.com'])[0]!.blocksTime).toBe(true);
    // Without a known owner, a decline cannot be told apart from someone else's.
    expect(read(file, ...window)[0]!.blocksTime).toBe(true);
  });

  it('Exchange all-day series: a date-time RECURRENCE-ID in a Windows zone moves Thursday to Friday; all-day free markers do not block', () => {
    const events = read('exchange2010-allday-recurring-moved-instance.ics', '2026-02-23T00:00:00Z', '2026-03-02T00:00:00Z');
    expect(brief(events)).toEqual([
      ['Exchange Recurring Test', '2026-02-23T23:00:00.000Z', '2026-02-24T23:00:00.000Z', true, false],
      ['Exchange Recurring Test', '2026-02-26T23:00:00.000Z', '2026-02-27T23:00:00.000Z', true, false],
    ]);
    expect(events.map((e) => e.externalId)).toEqual(['exchange-moved-recurrence_20260224', 'exchange-moved-recurrence_20260226']);
    // The series ends with UNTIL 2026-08-17.
    expect(read('exchange2010-allday-recurring-moved-instance.ics', '2026-08-18T00:00:00Z', '2026-12-31T00:00:00Z')).toEqual([]);
  });

  it('floating times and all-day dates are read in the user zone; multi-day and overnight events; COUNT and BYDAY series', () => {
    const day = read('floating-allday-multiday-overnight.ics', '2018-05-02T00:00:00+02:00', '2018-05-03T00:00:00+02:00');
    expect(day.map((e) => e.title)).toEqual([
      'All week',
      'starting a day before',
      'Event 9am',
      'Recurrent event',
      'Event afternoon',
      'Until next day',
    ]);
    expect(brief(day.filter((e) => e.title === 'Event 9am'))).toEqual([
      ['Event 9am', '2018-05-02T07:00:00.000Z', '2018-05-02T08:00:00.000Z', false, true],
    ]);
    expect(day.find((e) => e.title === 'All week')!.blocksTime).toBe(false);
    const inNewYork = read(
      'floating-allday-multiday-overnight.ics',
      '2018-05-02T00:00:00-04:00',
      '2018-05-03T00:00:00-04:00',
      'America/New_York',
    );
    expect(inNewYork.find((e) => e.title === 'Event 9am')!.start.toISOString()).toBe('2018-05-02T13:00:00.000Z');
    const week = read('floating-allday-multiday-overnight.ics', '2018-04-30T00:00:00+02:00', '2018-05-07T00:00:00+02:00');
    expect(week.filter((e) => e.title === 'Recurrent event')).toHaveLength(5);
    expect(week.filter((e) => e.title === 'recurrent event - not included').map((e) => e.start.getUTCDate())).toEqual([
      30, 1, 3, 4,
    ]);
  });

  it('Google all-day daily series across the end of DST: a 25-hour day, and the moved occurrence', () => {
    const events = read('google-allday-recurring-moved-across-dst.ics', '2024-10-20T00:00:00Z', '2024-11-05T00:00:00Z');
    expect(brief(events)).toEqual([
      ['test whole day moved', '2024-10-26T22:00:00.000Z', '2024-10-27T23:00:00.000Z', true, false],
      ['test whole day moved', '2024-10-28T23:00:00.000Z', '2024-10-29T23:00:00.000Z', true, false],
      ['test whole day moved', '2024-10-29T23:00:00.000Z', '2024-10-30T23:00:00.000Z', true, false],
    ]);
    expect(events[2]!.externalId).toBe('14nv8jl8d6dvdbl477lod4fftf@google.com_20241028');
  });

  it('Outlook with Windows VTIMEZONEs: DST-exact weekly series, folded EXDATE, transparent, and the malformed DTSTART repaired', () => {
    const file = 'outlook-exchange2010-windows-tzids-rrule-exdate-transparent.ics';
    const week = read(file, '2020-09-07T00:00:00Z', '2020-09-14T00:00:00Z');
    expect(brief(week.filter((e) => e.blocksTime))).toEqual([
      ['test', '2020-09-10T07:00:00.000Z', '2020-09-10T07:30:00.000Z', false, true],
    ]);
    // The repaired line: 09:00 in W. Europe, 07:00Z in summer, 08:00Z in winter.
    const jira = (from: string, to: string) => read(file, from, to).filter((e) => e.title === "Log Yesterday's Jira time");
    expect(jira('2020-09-07T00:00:00Z', '2020-09-08T00:00:00Z')[0]!.start.toISOString()).toBe('2020-09-07T07:00:00.000Z');
    expect(jira('2020-11-02T00:00:00Z', '2020-11-03T00:00:00Z')[0]!.start.toISOString()).toBe('2020-11-02T08:00:00.000Z');
    expect(week.filter((e) => e.title === "Log Yesterday's Jira time")).toHaveLength(6);
    // Pacific: 08:30 PDT = 15:30Z.
    const pacific = read(file, '2020-09-15T00:00:00Z', '2020-09-16T00:00:00Z').filter((e) => e.blocksTime);
    expect(brief(pacific)).toEqual([
      ['Not the actual summary 1', '2020-09-15T15:30:00.000Z', '2020-09-15T16:30:00.000Z', false, true],
    ]);
    // EXDATE 2020-07-21 and 07-23 (12:00 Pacific) are gone; 07-24 (Friday) stays.
    const july = read(file, '2020-07-20T00:00:00Z', '2020-07-27T00:00:00Z').filter(
      (e) => e.title === 'Not the actual summary either',
    );
    expect(july.map((e) => e.start.toISOString())).toEqual(['2020-07-24T19:00:00.000Z', '2020-07-26T19:00:00.000Z']);
    expect(july.every((e) => !e.blocksTime)).toBe(true);
  });

  it('Outlook Web Access: display-name TZIDs without VTIMEZONE, events without UID', () => {
    const events = read('outlook-owa-tzid-without-vtimezone.ics', '2020-10-26T00:00:00Z', '2020-11-08T00:00:00Z');
    expect(brief(events)).toEqual([
      // 13:30 in Sydney (AEDT, +11) and in New York (EDT, then EST after 1 November).
      ['TEST Syd', '2020-10-28T02:30:00.000Z', '2020-10-28T04:00:00.000Z', false, true],
      ['TEST', '2020-10-28T17:30:00.000Z', '2020-10-28T19:00:00.000Z', false, true],
      ['TEST 3', '2020-11-02T18:30:00.000Z', '2020-11-02T20:00:00.000Z', false, true],
      ['TEST2', '2020-11-05T18:30:00.000Z', '2020-11-05T20:00:00.000Z', false, true],
      ['TEST2', '2020-11-06T18:30:00.000Z', '2020-11-06T20:00:00.000Z', false, true],
    ]);
    // Stable ids across syncs, one per occurrence.
    expect(events[0]!.externalId).toMatch(/^ics-[0-9a-f]{8}$/);
    expect(events[3]!.externalId).toMatch(/^ics-[0-9a-f]{8}_20201105T183000Z$/);
    expect(read('outlook-owa-tzid-without-vtimezone.ics', '2020-10-26T00:00:00Z', '2020-11-08T00:00:00Z')).toEqual(events);
  });
});

describe('icsEvents edge cases', () => {
  const calendar = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR'].join('\r\n');
  const window = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z'), timeZone: 'Europe/Berlin' };

  it('a cancelled occurrence of a series removes that occurrence only', () => {
    const text = calendar(
      'BEGIN:VEVENT',
      'UID:standup',
      'SUMMARY:Standup',
      'DTSTART;TZID=Europe/Berlin:20261123T091500',
      'DTEND;TZID=Europe/Berlin:20261123T093000',
      'RRULE:FREQ=DAILY;COUNT=3',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:standup',
      'RECURRENCE-ID;TZID=Europe/Berlin:20261124T091500',
      'DTSTART;TZID=Europe/Berlin:20261124T091500',
      'DTEND;TZID=Europe/Berlin:20261124T093000',
      'STATUS:CANCELLED',
      'END:VEVENT',
    );
    expect(icsEvents(text, window).map((e) => e.externalId)).toEqual(['standup_20261123T081500Z', 'standup_20261125T081500Z']);
  });

  it('long-running series (since 2000) give the right occurrences in a 2026 window, across the DST change', () => {
    const text = calendar(
      'BEGIN:VEVENT',
      'UID:daily',
      'SUMMARY:Daily',
      'DTSTART;TZID=Europe/Berlin:20000103T090000',
      'DURATION:PT15M',
      'RRULE:FREQ=DAILY',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:fortnight',
      'SUMMARY:Fortnightly',
      'DTSTART;TZID=Europe/Berlin:20000101T100000',
      'DURATION:PT30M',
      'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE',
      'EXDATE;TZID=Europe/Berlin:20260401T100000',
      'END:VEVENT',
    );
    const events = icsEvents(text, {
      from: new Date('2026-03-23T00:00:00Z'),
      to: new Date('2026-04-06T00:00:00Z'),
      timeZone: 'Europe/Berlin',
    });
    const daily = events.filter((e) => e.title === 'Daily').map((e) => e.start.toISOString());
    expect(daily).toHaveLength(14);
    expect(daily.slice(4, 7)).toEqual(['2026-03-27T08:00:00.000Z', '2026-03-28T08:00:00.000Z', '2026-03-29T07:00:00.000Z']);
    // Every other week counted from the week of 2000-01-01 (9,590 days before Monday 2026-03-30: an even number of weeks).
    expect(events.filter((e) => e.title === 'Fortnightly').map((e) => e.externalId)).toEqual(['fortnight_20260330T080000Z']);
  });

  it('all-day events block only when marked busy or out of office', () => {
    const allDay = (uid: string, extra: string) =>
      ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTART;VALUE=DATE:20261123', 'DTEND;VALUE=DATE:20261124', extra, 'END:VEVENT'].filter(
        Boolean,
      );
    const text = calendar(
      ...allDay('plain', ''),
      ...allDay('transparent', 'TRANSP:TRANSPARENT'),
      ...allDay('opaque', 'TRANSP:OPAQUE'),
      ...allDay('oof', 'X-MICROSOFT-CDO-BUSYSTATUS:OOF'),
      ...allDay('free', 'X-MICROSOFT-CDO-BUSYSTATUS:FREE'),
    );
    const blocks = Object.fromEntries(icsEvents(text, window).map((e) => [e.externalId, e.blocksTime]));
    expect(blocks).toEqual({ plain: false, transparent: false, opaque: true, oof: true, free: false });
  });

  it("reads Outlook's busy status, TRANSP, STATUS and the owner's answer as how each event shows the user's time", () => {
    const timed = (uid: string, ...extra: string[]) => [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'DTSTART:20261123T090000Z',
      'DTEND:20261123T100000Z',
      ...extra,
      'END:VEVENT',
    ];
    const me = (partstat: string) => `ATTENDEE;PARTSTAT=${partstat}:mailto:me@example.com`;
    const text = calendar(
      ...timed('plain'),
      ...timed('transparent', 'TRANSP:TRANSPARENT'),
      ...timed('tentative-status', 'STATUS:TENTATIVE'),
      ...timed('tentative-answer', me('TENTATIVE')),
      ...timed('declined', me('DECLINED'), 'X-MICROSOFT-CDO-BUSYSTATUS:BUSY'),
      ...timed('oof', 'X-MICROSOFT-CDO-BUSYSTATUS:OOF'),
      ...timed('elsewhere', 'TRANSP:TRANSPARENT', 'X-MICROSOFT-CDO-BUSYSTATUS:WORKINGELSEWHERE'),
      ...timed('outlook-tentative', 'X-MICROSOFT-CDO-BUSYSTATUS:TENTATIVE'),
      ...timed('outlook-free', 'X-MICROSOFT-CDO-BUSYSTATUS:FREE'),
      ...timed('outlook-busy', 'STATUS:TENTATIVE', 'X-MICROSOFT-CDO-BUSYSTATUS:BUSY'),
    );
    const events = icsEvents(text, { ...window, ownerEmails: ['me@example.com'] });
    expect(Object.fromEntries(events.map((e) => [e.externalId, [e.showAs, e.blocksTime]]))).toEqual({
      plain: ['busy', true],
      transparent: ['free', false],
      'tentative-status': ['tentative', true],
      'tentative-answer': ['tentative', true],
      declined: ['busy', false],
      oof: ['outOfOffice', true],
      elsewhere: ['workingElsewhere', true],
      'outlook-tentative': ['tentative', true],
      'outlook-free': ['free', false],
      'outlook-busy': ['busy', true],
    });
  });

  it('repairs a misplaced quote, drops lines it cannot read, and accepts LF and CRLF alike', () => {
    expect(repairIcs('DTSTART;TZID="W. Europe Standard Time:20200609T090000"\nX-BROKEN\n')).toBe(
      'DTSTART;TZID="W. Europe Standard Time":20200609T090000\r\n',
    );
    const text = calendar(
      'BEGIN:VEVENT',
      'UID:x',
      'SUMMARY:Kept',
      'GARBAGE LINE',
      'DTSTART:20261123T100000Z',
      'DTEND:20261123T110000Z',
      'END:VEVENT',
    );
    expect(icsEvents(text.replace(/\r\n/g, '\n'), window).map((e) => e.title)).toEqual(['Kept']);
  });

  it('resolves IANA, Windows and Outlook display names', () => {
    const name = (tzid: string) => resolveTimeZone(tzid)?.name;
    expect(name('Europe/Berlin')).toBe('Europe/Berlin');
    expect(name('W. Europe Standard Time')).toBe('Europe/Berlin');
    expect(name('"Pacific Standard Time"')).toBe('America/Los_Angeles');
    expect(name('(UTC-05:00) Eastern Time (US & Canada)')).toBe('America/New_York');
    expect(name('(GMT+10:00) Canberra, Melbourne, Sydney')).toBe('Australia/Canberra');
    expect(name('(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna')).toBe('Europe/Amsterdam');
    expect(name('(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi')).toBe('Asia/Kolkata');
    expect(name('(UTC+03:00) Nowhere Special')).toBe('UTC+3');
    expect(name('Custom Zone')).toBeUndefined();
  });
});

describe('icsEvents: video calls', () => {
  const event = (uid: string, lines: string[]) => [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTART:20260302T090000Z',
    'DTEND:20260302T093000Z',
    `SUMMARY:${uid}`,
    ...lines,
    'END:VEVENT',
  ];
  const feed = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Breaker test//EN',
    ...event('teams-in-description', [
      'DESCRIPTION:Microsoft Teams meeting\\nJoin: https://teams.microsoft.com/l/meetup-join/19%3ameeting_x%40thread.v2/0',
    ]),
    ...event('zoom-in-location', ['LOCATION:https://us02web.zoom.us/j/81234567890?pwd=abc']),
    ...event('meet-in-url', ['URL:https://meet.google.com/abc-defg-hij']),
    ...event('webex-folded', ['DESCRIPTION:Join at https://acme.webex.com/acme/j.php?MTID=m12345678901234', ' 56789']),
    ...event('lookalike', ['LOCATION:https://zoom.us.evil.example/j/1', 'DESCRIPTION:mail help@zoom.us/ for access']),
    ...event('in-person', ['LOCATION:Room 4.12']),
    'END:VCALENDAR',
  ].join('\r\n');

  it('marks an event with a Teams, Zoom, Meet or Webex link in LOCATION, DESCRIPTION or URL as a call, and no other', () => {
    const events = icsEvents(feed, {
      from: new Date('2026-03-01T00:00:00Z'),
      to: new Date('2026-03-03T00:00:00Z'),
      timeZone: 'UTC',
    });
    expect(Object.fromEntries(events.map((e) => [e.externalId, e.call]))).toEqual({
      'teams-in-description': true,
      'zoom-in-location': true,
      'meet-in-url': true,
      'webex-folded': true,
      lookalike: false,
      'in-person': false,
    });
  });
});
