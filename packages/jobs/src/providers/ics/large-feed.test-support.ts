/**
 * A big calendar like real exports (one has 4,778 events in 1.6 MB): weekly series, some with COUNT or UNTIL, moved
 * and cancelled occurrences (RECURRENCE-ID), one-off meetings over years, attendees, and one VTIMEZONE (written the
 * way Outlook writes them, rules from 1601) per zone the events are written in. Deterministic for a given `now` and size.
 */
import { DateTime } from 'luxon';

export interface LargeFeedOptions {
  /** VEVENTs in all: series, their overrides and single events. */
  events: number;
  now: Date;
  zones?: number;
}

const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR'] as const;

/** Small linear congruential generator: the same feed every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A made-up zone per offset, with a European-style daylight saving rule, as Outlook and Exchange write them. */
function vtimezone(index: number): { tzid: string; lines: string[] } {
  const hours = (index % 24) - 11;
  const sign = (n: number): string => `${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}00`;
  const tzid = `Breaker Generated Zone ${index} (UTC${sign(hours)})`;
  return {
    tzid,
    lines: [
      'BEGIN:VTIMEZONE',
      `TZID:${tzid}`,
      'BEGIN:STANDARD',
      'DTSTART:16011028T030000',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
      `TZOFFSETFROM:${sign(hours + 1)}`,
      `TZOFFSETTO:${sign(hours)}`,
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010325T020000',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
      `TZOFFSETFROM:${sign(hours)}`,
      `TZOFFSETTO:${sign(hours + 1)}`,
      'END:DAYLIGHT',
      'END:VTIMEZONE',
    ],
  };
}

const local = (time: DateTime): string => time.toFormat("yyyyMMdd'T'HHmmss");

function details(next: () => number, index: number): string[] {
  const people = Array.from({ length: 1 + Math.floor(next() * 2) }, (_, n) => `person${(index + n) % 300}@example.com`);
  return [
    ...people.map((p) => `ATTENDEE;PARTSTAT=ACCEPTED:mailto:${p}`),
    'DTSTAMP:20250101T000000Z',
    next() < 0.1 ? 'TRANSP:TRANSPARENT' : 'TRANSP:OPAQUE',
  ];
}

export function largeFeed({ events, now, zones = 40 }: LargeFeedOptions): string {
  const next = random(events);
  const timezones = Array.from({ length: zones }, (_, index) => vtimezone(index));
  const today = DateTime.fromJSDate(now, { zone: 'UTC' }).startOf('day');
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Breaker//Generated large feed//EN', 'CALSCALE:GREGORIAN'];
  for (const zone of timezones) lines.push(...zone.lines);

  // A quarter series, a quarter overrides of them, the rest single events.
  const seriesCount = Math.floor(events / 4);
  let written = 0;
  for (let s = 0; s < seriesCount; s += 1) {
    const { tzid } = timezones[s % zones]!;
    const start = today.minus({ weeks: 4 + Math.floor(next() * 150) }).set({ hour: 8 + Math.floor(next() * 9), minute: 0 });
    const rule =
      s % 3 === 0
        ? `FREQ=WEEKLY;BYDAY=${DAYS[s % 5]};COUNT=${20 + Math.floor(next() * 180)}`
        : s % 3 === 1
          ? `FREQ=WEEKLY;BYDAY=${DAYS[s % 5]},${DAYS[(s + 2) % 5]};UNTIL=${local(today.plus({ weeks: 8 + Math.floor(next() * 40) }))}Z`
          : `FREQ=WEEKLY;INTERVAL=${1 + (s % 2)};BYDAY=${DAYS[s % 5]}`;
    const uid = `series-${s}@generated.example.com`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `SUMMARY:Weekly sync ${s}`,
      `DTSTART;TZID=${tzid}:${local(start)}`,
      `DTEND;TZID=${tzid}:${local(start.plus({ minutes: 30 + 30 * (s % 3) }))}`,
      `RRULE:${rule}`,
      ...details(next, s),
      'END:VEVENT',
    );
    written += 1;
    // One occurrence of each series near today moved by an hour, or cancelled.
    const weeksAgo = Math.floor(next() * 3);
    const target = start.plus({ weeks: Math.floor(today.diff(start, 'weeks').weeks) - weeksAgo });
    const moved = s % 5 === 0 ? ['STATUS:CANCELLED'] : [];
    lines.push(
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `RECURRENCE-ID;TZID=${tzid}:${local(target)}`,
      `SUMMARY:Weekly sync ${s} (moved)`,
      `DTSTART;TZID=${tzid}:${local(target.plus({ hours: 1 }))}`,
      `DTEND;TZID=${tzid}:${local(target.plus({ hours: 1, minutes: 30 }))}`,
      ...moved,
      ...details(next, s),
      'END:VEVENT',
    );
    written += 1;
  }
  for (let e = 0; written < events; e += 1, written += 1) {
    const { tzid } = timezones[(e * 7) % zones]!;
    const start = today.plus({ days: Math.floor(next() * 1100) - 1000 }).set({ hour: 7 + Math.floor(next() * 11), minute: 30 });
    lines.push(
      'BEGIN:VEVENT',
      `UID:single-${e}@generated.example.com`,
      `SUMMARY:Meeting ${e}`,
      `DTSTART;TZID=${tzid}:${local(start)}`,
      `DTEND;TZID=${tzid}:${local(start.plus({ minutes: 45 }))}`,
      ...details(next, e),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}
