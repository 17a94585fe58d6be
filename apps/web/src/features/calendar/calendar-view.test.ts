import { describe, expect, it } from 'vitest';
import { viewHeading, visibleDays } from './calendar-view';

describe('calendar views', () => {
  it('shows Monday to Sunday in week view and one day in day view', () => {
    expect(visibleDays('week', '2026-11-26')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(visibleDays('day', '2026-11-26')).toEqual(['2026-11-26']);
  });

  it('heads the week with month and year, and the day with its full date', () => {
    expect(viewHeading('week', visibleDays('week', '2026-11-18'))).toBe('November 2026');
    expect(viewHeading('week', visibleDays('week', '2026-12-01'))).toBe('November – December 2026');
    expect(viewHeading('week', visibleDays('week', '2026-12-31'))).toBe('December 2026 – January 2027');
    expect(viewHeading('day', ['2026-11-26'])).toBe('Thursday, November 26, 2026');
  });
});
