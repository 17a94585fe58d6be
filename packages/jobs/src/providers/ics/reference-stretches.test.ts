import { listActivities } from '@breaker/db';
import { dayStretches, placeBreaks, verifyPlacement } from '@breaker/scheduler';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../test-database.test-support.js';
import { referenceInputs } from './reference-calendars.test-support.js';

/**
 * Rules 1 and 2 on every day of the reference calendars (./fixtures): every week with meetings, four work-hour settings.
 * The optimum comes from the engine's exact programme, which the scheduler's tests hold to an independent oracle.
 */
describe('sitting stretches on the reference calendars', () => {
  const database = testDatabase('pglite');

  it('every day with breaks has its longest stretch within 1.1 × the optimum, follows every run that allows, and every plan keeps every rule', async () => {
    const inputs = referenceInputs(await listActivities(database.db));
    let days = 0;
    for (const input of inputs) {
      const result = placeBreaks(input);
      expect(verifyPlacement(input, result)).toEqual([]);
      for (const day of dayStretches(input, result)) {
        // Rule 2: every run that a plan within rule 1's bound can follow, this plan follows.
        expect(day.recovered, `${input.timeZone} ${day.date} ${input.workStart}–${input.workEnd}`).toBeGreaterThanOrEqual(
          day.followable,
        );
        if (day.optimum === undefined) continue;
        days += 1;
        expect(day.longest, `${input.timeZone} ${day.date} ${input.workStart}–${input.workEnd}`).toBeLessThanOrEqual(
          day.optimum * 1.1,
        );
      }
    }
    expect(days).toBeGreaterThan(900);
  });
});
