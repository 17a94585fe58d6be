import { unsafeUniformIntDistribution, xoroshiro128plus, type RandomGenerator } from 'pure-rand';

/** The planner's only source of variety: reproducible from the seed. */
export interface SeededRandom {
  /** An integer in [0, size). */
  pick(size: number): number;
}

export function seededRandom(seed: number): SeededRandom {
  const generator: RandomGenerator = xoroshiro128plus(seed | 0);
  return {
    pick(size) {
      return size <= 1 ? 0 : unsafeUniformIntDistribution(0, size - 1, generator);
    },
  };
}

/**
 * One generator per local day, derived from the run's seed and the date: a change on Tuesday's calendar does not
 * reshuffle Friday's activities.
 */
export function dayRandom(seed: number, epochDay: number): SeededRandom {
  let hash = Math.imul((seed | 0) ^ 0x9e3779b9, 0x85ebca6b);
  hash = Math.imul(hash ^ (epochDay | 0) ^ (hash >>> 13), 0xc2b2ae35);
  hash ^= hash >>> 16;
  return seededRandom(hash);
}
