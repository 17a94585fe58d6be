import { describe, expect, it } from 'vitest';
import { chooseSlotActivity, swapOptions } from './slot-activity.js';

const pool = [
  { id: 'chin-tuck', type: 'stretch', duration: 1 },
  { id: 'palming', type: 'eye-rest', duration: 2 },
  { id: 'stair-climb', type: 'walk', duration: 4 },
];
const usable = [...pool, { id: 'box-breathing', type: 'breathing', duration: 2 }, { id: 'long-walk', type: 'walk', duration: 4 }];

describe('swapOptions', () => {
  it('offers what fits the slot, the pool first and longest first, without the current activity', () => {
    expect(swapOptions(pool, usable, 2, 'palming').map((a) => a.id)).toEqual(['chin-tuck', 'box-breathing']);
    expect(swapOptions(pool, usable, 4, 'chin-tuck').map((a) => a.id)).toEqual([
      'stair-climb',
      'palming',
      'long-walk',
      'box-breathing',
    ]);
  });

  it('offers nothing when nothing else is short enough', () => {
    expect(swapOptions(pool, usable, 1, 'chin-tuck')).toEqual([]);
  });
});

describe('chooseSlotActivity', () => {
  it("falls back to the next break's activity, never the previous one's, when nothing else fits", () => {
    for (let seed = 0; seed < 50; seed += 1) {
      expect(chooseSlotActivity(pool, 2, { previousId: 'chin-tuck', nextId: 'palming' }, seed)?.id).toBe('palming');
    }
  });

  it('picks among the activities short enough for the slot, away from the neighbours', () => {
    for (let seed = 0; seed < 50; seed += 1) {
      const chosen = chooseSlotActivity(pool, 4, { previousId: 'chin-tuck', nextId: 'palming' }, seed);
      expect(chosen?.id).toBe('stair-climb');
    }
    expect(chooseSlotActivity(pool, 1, {}, 7)?.id).toBe('chin-tuck');
  });
});
