import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instant, INSTANT_MAX, INSTANT_MIN } from './instant.js';

const completedAt = instant('completedAt');

describe('instant: the one date schema', () => {
  it('refuses year 0000 and other times PostgreSQL cannot store or no break can have', () => {
    for (const value of ['0000-01-01T00:00:00Z', '1999-12-31T23:59:59.999Z', '2200-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
      expect(completedAt.safeParse(value).error?.issues[0]?.message).toBe(
        'completedAt must be an ISO time between 2000 and 2199',
      );
    }
  });

  it('takes any ISO time with an offset inside the span', () => {
    const inside = fc.date({ min: new Date(INSTANT_MIN), max: new Date(Date.parse(INSTANT_MAX) - 1), noInvalidDate: true });
    fc.assert(
      fc.property(inside, (date) => {
        expect(completedAt.parse(date.toISOString())).toBe(date.toISOString());
      }),
    );
    expect(completedAt.parse('2026-11-25T09:30:00+01:00')).toBe('2026-11-25T09:30:00+01:00');
  });

  it('refuses text that is not an ISO time', () => {
    expect(completedAt.safeParse('yesterday').success).toBe(false);
    expect(completedAt.safeParse('2026-11-25T09:30:00\u0000Z').success).toBe(false);
  });
});
