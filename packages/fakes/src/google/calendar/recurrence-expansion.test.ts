import { describe, expect, it } from 'vitest';
import { expandOccurrences, type Occurrence, type SeriesStart } from './recurrence-expansion.js';
import { parseRecurrence, RecurrenceError } from './recurrence-rule.js';
import { formatDate, formatRfc3339 } from './zoned-time.js';

const zone = 'America/Chicago';
const window = { beforeMs: Date.parse('2026-01-01T00:00:00Z'), calendarZone: zone };
const timedStart = (day: number, month = 3): SeriesStart => ({
  kind: 'timed',
  local: { year: 2025, month, day, hour: 9, minute: 30, second: 0 },
  timeZone: zone,
});
const written = (occurrences: Occurrence[]): string[] =>
  occurrences.map((occurrence) =>
    occurrence.kind === 'timed' ? formatRfc3339(occurrence.instant, zone) : formatDate(occurrence.date),
  );

function expand(lines: string[], start: SeriesStart): string[] {
  return written(expandOccurrences(parseRecurrence(lines, zone), start, window));
}

describe('recurrence expansion', () => {
  it('repeats weekly at the same local hour across the DST change', () => {
    expect(expand(['RRULE:FREQ=WEEKLY;COUNT=3'], timedStart(3))).toEqual([
      '2025-03-03T09:30:00-06:00',
      '2025-03-10T09:30:00-05:00',
      '2025-03-17T09:30:00-05:00',
    ]);
  });

  it('takes BYDAY days in each INTERVAL-th week and counts EXDATEs towards COUNT', () => {
    const lines = ['RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=5', 'EXDATE;TZID=America/Chicago:20250320T093000'];
    // Monday 3 March starts the series; INTERVAL=2 skips the week of 10 March; the excluded 20 March still counts.
    expect(expand(lines, timedStart(3))).toEqual([
      '2025-03-03T09:30:00-06:00',
      '2025-03-06T09:30:00-06:00',
      '2025-03-17T09:30:00-05:00',
      '2025-03-31T09:30:00-05:00',
    ]);
  });

  it('stops at an inclusive UTC UNTIL and skips UTC EXDATEs', () => {
    const lines = ['RRULE:FREQ=DAILY;INTERVAL=2;UNTIL=20250307T153000Z', 'EXDATE:20250305T153000Z'];
    expect(expand(lines, timedStart(1))).toEqual([
      '2025-03-01T09:30:00-06:00',
      '2025-03-03T09:30:00-06:00',
      '2025-03-07T09:30:00-06:00',
    ]);
  });

  it('expands all-day series by date with a DATE UNTIL', () => {
    const start: SeriesStart = { kind: 'allDay', date: { year: 2024, month: 10, day: 27 } };
    expect(expand(['RRULE:FREQ=DAILY;UNTIL=20241029', 'EXDATE;VALUE=DATE:20241028'], start)).toEqual([
      '2024-10-27',
      '2024-10-29',
    ]);
  });

  it('uses DAILY with BYDAY as a weekday filter and stops at the window', () => {
    const occurrences = expandOccurrences(parseRecurrence(['RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR'], zone), timedStart(7), {
      beforeMs: Date.parse('2025-03-13T00:00:00Z'),
      calendarZone: zone,
    });
    expect(written(occurrences)).toEqual([
      '2025-03-07T09:30:00-06:00',
      '2025-03-10T09:30:00-05:00',
      '2025-03-11T09:30:00-05:00',
      '2025-03-12T09:30:00-05:00',
    ]);
  });

  it('counts the series start as its first occurrence even when the rule would not produce it', () => {
    // 5 March 2025 is a Wednesday.
    expect(expand(['RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3'], timedStart(5))).toEqual([
      '2025-03-05T09:30:00-06:00',
      '2025-03-10T09:30:00-05:00',
      '2025-03-17T09:30:00-05:00',
    ]);
  });

  it('refuses rules it cannot expand faithfully', () => {
    expect(() => parseRecurrence(['RRULE:FREQ=MONTHLY;BYMONTHDAY=1'], zone)).toThrow(RecurrenceError);
    expect(() => parseRecurrence(['RRULE:FREQ=WEEKLY;BYSETPOS=1'], zone)).toThrow(RecurrenceError);
    expect(() => parseRecurrence(['RDATE:20250301T093000Z', 'RRULE:FREQ=DAILY'], zone)).toThrow(RecurrenceError);
    expect(() => parseRecurrence(['EXDATE:20250301T093000Z'], zone)).toThrow(RecurrenceError);
  });
});
