import { DateTime } from 'luxon';
import { cataloguePool } from './catalogue-pool.test-support.js';
import type { PlacementInput } from './types.js';

export const BERLIN = 'Europe/Berlin';

/** The instant of a local wall-clock time, in Berlin unless another zone is given. */
export function at(local: string, zone = BERLIN): number {
  return DateTime.fromISO(local, { zone }).toMillis();
}

/** A Berlin working week (Mon–Fri, 09:00–17:00, 4 breaks a day) planned on Monday 2026-11-23 at 07:00. */
export function berlinWeekInput(overrides: Partial<PlacementInput> = {}): PlacementInput {
  return {
    timeZone: BERLIN,
    workStart: '09:00',
    workEnd: '17:00',
    breaksPerDay: 4,
    workDays: [1, 2, 3, 4, 5],
    horizonDays: 6,
    now: at('2026-11-23T07:00'),
    busy: [],
    existing: [],
    activities: cataloguePool,
    seed: 42,
    ...overrides,
  };
}
