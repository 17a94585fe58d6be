import { describe, expect, it } from 'vitest';
import { civilAt, formatRfc3339, formatUtcBasic, instantOf, parseLocalDateTime, parseRfc3339 } from './zoned-time.js';

describe('zoned time', () => {
  it('places a wall-clock time in a zone on either side of a DST change', () => {
    const before = instantOf({ year: 2025, month: 3, day: 8, hour: 8, minute: 0, second: 0 }, 'America/Chicago');
    const after = instantOf({ year: 2025, month: 3, day: 10, hour: 8, minute: 0, second: 0 }, 'America/Chicago');
    expect(new Date(before).toISOString()).toBe('2025-03-08T14:00:00.000Z');
    expect(new Date(after).toISOString()).toBe('2025-03-10T13:00:00.000Z');
    expect(formatRfc3339(before, 'America/Chicago')).toBe('2025-03-08T08:00:00-06:00');
    expect(formatRfc3339(after, 'America/Chicago')).toBe('2025-03-10T08:00:00-05:00');
  });

  it('moves a time skipped by spring-forward ahead by the gap and takes the earlier of a repeated time', () => {
    const skipped = instantOf({ year: 2025, month: 3, day: 30, hour: 2, minute: 30, second: 0 }, 'Europe/Berlin');
    expect(formatRfc3339(skipped, 'Europe/Berlin')).toBe('2025-03-30T03:30:00+02:00');
    const repeated = instantOf({ year: 2025, month: 10, day: 26, hour: 2, minute: 30, second: 0 }, 'Europe/Berlin');
    expect(formatRfc3339(repeated, 'Europe/Berlin')).toBe('2025-10-26T02:30:00+02:00');
  });

  it('writes UTC as Z and reads RFC 3339 only with an offset', () => {
    const instant = parseRfc3339('2025-03-24T07:30:00.999-05:00');
    expect(instant).toBe(Date.parse('2025-03-24T12:30:00.000Z'));
    expect(formatRfc3339(Date.parse('2025-03-24T12:30:00Z'), 'UTC')).toBe('2025-03-24T12:30:00Z');
    expect(parseRfc3339('2025-03-24T07:30:00')).toBeUndefined();
    expect(parseRfc3339('2025-02-30T07:30:00Z')).toBeUndefined();
    expect(parseLocalDateTime('2025-03-24T07:30:00')).toEqual({ year: 2025, month: 3, day: 24, hour: 7, minute: 30, second: 0 });
    expect(formatUtcBasic(Date.parse('2025-03-24T12:30:00Z'))).toBe('20250324T123000Z');
    expect(civilAt(Date.parse('2025-01-01T00:00:00Z'), 'Asia/Kolkata')).toMatchObject({ hour: 5, minute: 30 });
  });
});
