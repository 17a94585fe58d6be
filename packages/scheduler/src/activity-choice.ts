import type { SeededRandom } from './random.js';
import { EYE_REST_TYPE, MOVEMENT_TYPES } from './rules.js';
import type { PlannableActivity } from './types.js';

/** What the moment before a break calls for: 'eyes' (after calls, rule 3) outranks variety of type; the rest do not. */
export type BreakContext = 'eyes' | 'eye-rest' | 'movement' | 'any';

interface TypeGroup {
  type: string;
  /** Shortest first; ties keep the pool's order. */
  activities: PlannableActivity[];
  eyeRest: boolean;
  movement: boolean;
}

/** The pool, grouped by type, with its durations: built once per pool. */
export interface ActivityIndex {
  groups: TypeGroup[];
  /** Distinct durations, longest first. */
  durationsDesc: number[];
  shortest: number;
  longest: number;
  /** id → index of its type group. */
  groupOf: Map<string, number>;
  /** The pool's length when indexed (a memo check). */
  size: number;
  /** Scratch for the tied type groups of one pick (picks are synchronous and never nested). */
  tied: number[];
}

const indexes = new WeakMap<readonly PlannableActivity[], ActivityIndex>();

export function indexActivities(pool: readonly PlannableActivity[]): ActivityIndex {
  const known = indexes.get(pool);
  if (known && known.size === pool.length) return known;
  const groups: TypeGroup[] = [];
  const groupOf = new Map<string, number>();
  const byType = new Map<string, number>();
  const durations = new Set<number>();
  for (const activity of pool) {
    if (!(activity.duration >= 1) || groupOf.has(activity.id)) continue;
    let g = byType.get(activity.type);
    if (g === undefined) {
      g = groups.length;
      byType.set(activity.type, g);
      groups.push({
        type: activity.type,
        activities: [],
        eyeRest: activity.type === EYE_REST_TYPE,
        movement: MOVEMENT_TYPES.includes(activity.type),
      });
    }
    groups[g]!.activities.push(activity);
    groupOf.set(activity.id, g);
    durations.add(activity.duration);
  }
  for (const group of groups) group.activities.sort((a, b) => a.duration - b.duration);
  const durationsDesc = [...durations].sort((a, b) => b - a);
  const index: ActivityIndex = {
    groups,
    durationsDesc,
    shortest: durationsDesc.at(-1) ?? 0,
    longest: durationsDesc[0] ?? 0,
    groupOf,
    size: pool.length,
    tied: [],
  };
  indexes.set(pool, index);
  return index;
}

export interface ChoiceContext {
  /** Longest activity the slot holds. */
  maxDuration: number;
  context: BreakContext;
  /** The break just before (placed or kept), across days. */
  previousId: string | undefined;
  /** A kept break just after, if any. */
  nextId: string | undefined;
  /** How often each type group is already used today. */
  typeCounts: number[];
}

const REPEAT_TYPE_PENALTY = 1000;
const CONTEXT_BONUS = 100;
/** Rule 3: after calls, an eye rest even when the break before was one too (never the same activity, though). */
const EYES_BONUS = 10_000;
const VARIETY_PENALTY = 5;

/**
 * The activity for a slot, among those short enough for it. Never the activity of the break before or after when
 * another one fits. Then, in order: a type other than the previous break's when one fits; the context's kind (eye rest
 * after a long meeting, movement after long sitting) when the pool has it; the type used least today; ties drawn from
 * the seeded generator.
 */
export function chooseActivity(index: ActivityIndex, choice: ChoiceContext, random: SeededRandom): PlannableActivity | undefined {
  return (
    pick(index, choice, random, choice.previousId, choice.nextId) ??
    pick(index, choice, random, choice.previousId, undefined) ??
    pick(index, choice, random, undefined, undefined)
  );
}

function pick(
  index: ActivityIndex,
  choice: ChoiceContext,
  random: SeededRandom,
  excludeA: string | undefined,
  excludeB: string | undefined,
): PlannableActivity | undefined {
  const previousGroup = choice.previousId === undefined ? -1 : (index.groupOf.get(choice.previousId) ?? -1);
  const tiedGroups = index.tied;
  let bestScore = -Infinity;
  let tied = 0;
  for (let g = 0; g < index.groups.length; g += 1) {
    const group = index.groups[g]!;
    if (eligibleCount(group, choice.maxDuration, excludeA, excludeB) === 0) continue;
    let score = -VARIETY_PENALTY * (choice.typeCounts[g] ?? 0);
    if (g === previousGroup) score -= REPEAT_TYPE_PENALTY;
    if (choice.context === 'eyes' && group.eyeRest) score += EYES_BONUS;
    if ((choice.context === 'eye-rest' && group.eyeRest) || (choice.context === 'movement' && group.movement)) {
      score += CONTEXT_BONUS;
    }
    if (score > bestScore) {
      bestScore = score;
      tied = 0;
    }
    if (score === bestScore) tiedGroups[tied++] = g;
  }
  if (tied === 0) return undefined;
  const group = index.groups[tiedGroups[random.pick(tied)]!]!;
  let nth = random.pick(eligibleCount(group, choice.maxDuration, excludeA, excludeB));
  for (const activity of group.activities) {
    if (activity.duration > choice.maxDuration) break;
    if (activity.id === excludeA || activity.id === excludeB) continue;
    if (nth === 0) return activity;
    nth -= 1;
  }
  return undefined;
}

function eligibleCount(
  group: TypeGroup,
  maxDuration: number,
  excludeA: string | undefined,
  excludeB: string | undefined,
): number {
  let count = 0;
  for (const activity of group.activities) {
    if (activity.duration > maxDuration) break;
    if (activity.id !== excludeA && activity.id !== excludeB) count += 1;
  }
  return count;
}
