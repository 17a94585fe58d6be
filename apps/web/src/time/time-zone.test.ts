import { describe, expect, it } from 'vitest';
import { hourLabel, resolveTimeZone, timeZoneLabel, zonedInstant, zonedMoment } from './time-zone';

describe('time zones', () => {
  it("labels the user's real zone with its current offset", () => {
    expect(timeZoneLabel('Europe/Berlin', new Date('2026-01-15T12:00:00Z'))).toBe('GMT+01:00 · Europe/Berlin');
    expect(timeZoneLabel('Europe/Berlin', new Date('2026-07-15T12:00:00Z'))).toBe('GMT+02:00 · Europe/Berlin');
    expect(timeZoneLabel('America/Los_Angeles', new Date('2026-01-15T12:00:00Z'))).toBe('GMT-08:00 · America/Los_Angeles');
    expect(timeZoneLabel('UTC', new Date('2026-01-15T12:00:00Z'))).toBe('GMT+00:00 · UTC');
  });

  it('reads an instant as a day and minutes in the zone', () => {
    expect(zonedMoment(new Date('2026-11-22T23:30:00Z'), 'Europe/Berlin')).toEqual({ day: '2026-11-23', minutes: 30 });
    expect(zonedMoment(new Date('2026-11-23T08:15:00Z'), 'America/New_York')).toEqual({
      day: '2026-11-23',
      minutes: 3 * 60 + 15,
    });
  });

  it('falls back to the browser zone when the saved one is missing or unknown', () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(resolveTimeZone(null)).toBe(browser);
    expect(resolveTimeZone('Mars/Olympus_Mons')).toBe(browser);
    expect(resolveTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });

  it('finds the instant of a wall-clock time in the zone', () => {
    expect(zonedInstant('2026-11-23', 9 * 60, 'Europe/Berlin').toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(zonedInstant('2026-07-15', 14 * 60, 'America/New_York').toISOString()).toBe('2026-07-15T18:00:00.000Z');
    expect(zonedInstant('2026-11-23', 0, 'Asia/Kolkata').toISOString()).toBe('2026-11-22T18:30:00.000Z');
  });

  it('writes hours with AM/PM', () => {
    expect([0, 8, 12, 19].map(hourLabel)).toEqual(['12 AM', '8 AM', '12 PM', '7 PM']);
  });
});
