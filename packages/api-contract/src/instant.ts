import { z } from 'zod';

/** The span an instant the API takes must fall in: PostgreSQL rejects year 0, and no break is planned centuries off. */
export const INSTANT_MIN = '2000-01-01T00:00:00.000Z';
export const INSTANT_MAX = '2200-01-01T00:00:00.000Z';

const inRange = (value: string): boolean => {
  const ms = Date.parse(value);
  return ms >= Date.parse(INSTANT_MIN) && ms < Date.parse(INSTANT_MAX);
};

/** Every instant the API takes: an ISO time with an offset, from 2000 up to (not including) 2200. */
/*@__NO_SIDE_EFFECTS__*/
export function instant(what: string) {
  const message = `${what} must be an ISO time between 2000 and 2199`;
  return z.iso.datetime({ offset: true, error: message }).refine(inRange, message);
}
