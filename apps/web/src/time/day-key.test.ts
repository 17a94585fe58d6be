import { describe, expect, it } from 'vitest';
import { addDays, isoWeekday, startOfWeek } from './day-key';

describe('day keys', () => {
  it('adds days across months and years', () => {
    expect(addDays('2026-01-30', 3)).toBe('2026-02-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-02', -2)).toBe('2026-02-28');
  });

  it('starts weeks on Monday', () => {
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(startOfWeek('2026-11-22')).toBe('2026-11-16');
    expect(startOfWeek('2026-11-23')).toBe('2026-11-23');
  });
});
