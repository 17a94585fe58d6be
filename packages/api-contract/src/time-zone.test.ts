import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timeZone } from './preferences.js';
import { canonicalTimeZone, fixedOffsetZones } from './time-zone.js';

describe('time zones are stored under names PostgreSQL knows', () => {
  it('reads legacy and differently written names as their canonical zone', () => {
    expect(timeZone.parse('US/Pacific-New')).toBe('America/Los_Angeles');
    expect(timeZone.parse('US/Pacific')).toBe('America/Los_Angeles');
    expect(timeZone.parse('america/new_york')).toBe('America/New_York');
    expect(timeZone.parse('Etc/UTC')).toBe('UTC');
    expect(timeZone.parse(' Europe/Paris ')).toBe('Europe/Paris');
  });

  it('refuses zones PostgreSQL does not know, offsets and garbage', () => {
    for (const zone of ['SystemV/AST4', 'Factory', '+05:00', 'Mars/Olympus', '', 'x'.repeat(65)]) {
      expect(timeZone.safeParse(zone).error?.issues[0]?.message).toBe('Choose a valid time zone');
    }
    expect(timeZone.safeParse('Europe/Paris\u0000').success).toBe(false);
  });

  it('keeps every zone the runtime lists as it is', () => {
    for (const zone of Intl.supportedValuesOf('timeZone')) expect(canonicalTimeZone(zone)).toBe(zone);
  });

  it('keeps the fixed-offset zones browsers may report, and refuses offsets beyond them', () => {
    for (const zone of fixedOffsetZones()) expect(timeZone.parse(zone)).toBe(zone);
    expect(timeZone.parse('Etc/GMT')).toBe('UTC');
    for (const zone of ['Etc/GMT+13', 'Etc/GMT-15', 'Etc/GMT+5:30']) expect(timeZone.safeParse(zone).success).toBe(false);
  });

  it('never answers with a zone the runtime does not list', () => {
    const listed = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', ...fixedOffsetZones()]);
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (zone) => {
        const result = timeZone.safeParse(zone);
        if (result.success) expect(listed.has(result.data)).toBe(true);
      }),
    );
  });
});
