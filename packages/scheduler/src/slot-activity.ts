import { chooseActivity, indexActivities } from './activity-choice.js';
import { seededRandom } from './random.js';
import type { PlannableActivity } from './types.js';

export interface SlotNeighbours {
  /** Activity of the break just before, if any. */
  previousId?: string | undefined;
  /** Activity of the break just after, if any. */
  nextId?: string | undefined;
}

/**
 * The activity for a break added by hand: the planner's own choice rules over the user's pool (never the activity of
 * the break before or after when another fits, a type other than the previous one's), among those that last at most
 * `maxDuration` minutes.
 */
export function chooseSlotActivity(
  pool: readonly PlannableActivity[],
  maxDuration: number,
  neighbours: SlotNeighbours,
  seed: number,
): PlannableActivity | undefined {
  return chooseActivity(
    indexActivities(pool),
    { maxDuration, context: 'any', previousId: neighbours.previousId, nextId: neighbours.nextId, typeCounts: [] },
    seededRandom(seed),
  );
}

/**
 * What a break can change to: activities that fit its slot (at most `maxDuration` minutes), the user's pool first,
 * then the rest of what their equipment allows; within each, the longest first (the slot was made for that length),
 * then by name order of the catalogue. The current activity is left out.
 */
export function swapOptions<T extends PlannableActivity>(
  pool: readonly T[],
  usable: readonly T[],
  maxDuration: number,
  currentId: string,
): T[] {
  const fits = (activity: T): boolean => activity.duration <= maxDuration && activity.id !== currentId;
  const byLength = (list: T[]): T[] =>
    list
      .map((a, i) => ({ a, i }))
      .sort((x, y) => y.a.duration - x.a.duration || x.i - y.i)
      .map(({ a }) => a);
  const inPool = new Set(pool.map((activity) => activity.id));
  return [...byLength(pool.filter(fits)), ...byLength(usable.filter((activity) => fits(activity) && !inPool.has(activity.id)))];
}
