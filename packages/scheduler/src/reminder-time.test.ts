import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { reminderTime, type ReminderSettings } from './reminder-time.js';

const BERLIN: ReminderSettings = {
  leadMinutes: 1,
  timeZone: 'Europe/Berlin',
  workStart: '08:00',
  workEnd: '17:00',
  workDays: [1, 2, 3, 4, 5],
};
/** Wednesday 2026-12-02 in Berlin. */
const at = (clock: string) => DateTime.fromISO(`2026-12-02T${clock}`, { zone: 'Europe/Berlin' }).toMillis();

describe('when a break is announced', () => {
  it('is its start less the lead time', () => {
    expect(reminderTime(at('10:00'), BERLIN)).toBe(at('09:59'));
    expect(reminderTime(at('10:00'), { ...BERLIN, leadMinutes: 5 })).toBe(at('09:55'));
    expect(reminderTime(at('10:00'), { ...BERLIN, leadMinutes: 0 })).toBe(at('10:00'));
  });

  it('never falls before the work day starts', () => {
    expect(reminderTime(at('08:02'), { ...BERLIN, leadMinutes: 5 })).toBe(at('08:00'));
    expect(reminderTime(at('08:00'), BERLIN)).toBe(at('08:00'));
  });

  it('is never for a break outside work hours or on a day off', () => {
    expect(reminderTime(at('07:30'), BERLIN)).toBeUndefined();
    expect(reminderTime(at('17:00'), BERLIN)).toBeUndefined();
    expect(reminderTime(at('12:00'), { ...BERLIN, workDays: [1, 2] })).toBeUndefined();
  });

  it('reads work hours in the user zone, UTC without one', () => {
    const noon = Date.UTC(2026, 11, 2, 12);
    expect(reminderTime(noon, { ...BERLIN, timeZone: null, workStart: '12:00' })).toBe(noon);
    const tenInNewYork = Date.UTC(2026, 11, 2, 15);
    expect(reminderTime(tenInNewYork, { ...BERLIN, timeZone: 'America/New_York' })).toBe(tenInNewYork - 60_000);
    expect(reminderTime(Date.UTC(2026, 11, 2, 23), { ...BERLIN, timeZone: 'America/New_York' })).toBeUndefined();
  });

  it("keeps each zone's and each day's work hours apart, across a change of clocks", () => {
    const early = { ...BERLIN, leadMinutes: 60, workDays: [1, 2, 3, 4, 5, 6, 7] };
    const local = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toMillis();
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Europe/Berlin']) {
      for (const date of ['2026-03-27', '2026-03-30', '2026-03-27']) {
        expect(reminderTime(local(`${date}T08:30`, zone), { ...early, timeZone: zone })).toBe(local(`${date}T08:00`, zone));
      }
    }
  });

  it('reads work hours on the wall clock on the days the clocks change', () => {
    const everyDay = { ...BERLIN, workDays: [1, 2, 3, 4, 5, 6, 7] };
    const local = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toMillis();
    for (const [date, zone] of [
      ['2026-03-29', 'Europe/Berlin'],
      ['2026-10-25', 'Europe/Berlin'],
      ['2026-03-08', 'America/New_York'],
      ['2026-11-01', 'America/New_York'],
    ] as const) {
      const settings = { ...everyDay, timeZone: zone };
      expect(reminderTime(local(`${date}T08:30`, zone), settings)).toBe(local(`${date}T08:29`, zone));
      expect(reminderTime(local(`${date}T08:00`, zone), { ...settings, leadMinutes: 5 })).toBe(local(`${date}T08:00`, zone));
      expect(reminderTime(local(`${date}T07:59`, zone), settings)).toBeUndefined();
      expect(reminderTime(local(`${date}T16:59`, zone), settings)).toBe(local(`${date}T16:58`, zone));
      expect(reminderTime(local(`${date}T17:00`, zone), settings)).toBeUndefined();
    }
  });

  it('reads an unknown zone as UTC', () => {
    const noon = Date.UTC(2026, 11, 2, 12);
    expect(reminderTime(noon, { ...BERLIN, timeZone: 'Not/AZone', leadMinutes: 0 })).toBe(noon);
  });
});
