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
      return unsafeUniformIntDistribution(0, size - 1, generator);
    },
  };
}
