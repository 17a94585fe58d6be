import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equipmentAllows, isOfficeEquipment } from './equipment.js';

/**
 * Words that name no thing: saying you lack one drops nothing. Written out here rather than imported, so the property
 * checks equipment.ts's list instead of repeating it; only words of three letters or more, as those are all the
 * property picks ('a', 'an', 'of', 'or' never come up).
 */
const NOT_A_THING = new Set(['the', 'and', 'any', 'some', 'your', 'sturdy', 'stable', 'solid', 'free', 'clear', 'nearby']);

describe('equipment matching', () => {
  it.each([
    ['a sturdy desk and a chair without wheels', true],
    ['a pen and paper, or a notes app', true],
    ['a cup of tea, coffee or water', true],
    ['stairs', false],
    ['a resistance band', false],
    ['', false],
  ])('%j names only what every office has: %s', (needed, office) => {
    expect(isOfficeEquipment(needed)).toBe(office);
  });

  it.each<[string, string[], boolean]>([
    ['none', [], true],
    ['a wall', [], true],
    ['stairs', [], false],
    ['stairs', ['none', 'Stairs'], true],
    ['a resistance band', ['resistance band'], true],
    ['a yoga mat', ['a yoga mat', 'none'], true],
    ['a wall', ['no wall'], false],
    ['a sturdy desk', ['without a desk'], false],
    ['a sturdy chair', ['without a desk'], true],
  ])('needing %j with %j: %s', (needed, equipment, allowed) => {
    expect(equipmentAllows(needed, equipment)).toBe(allowed);
  });

  it('property: any text, however hostile, gets an answer; nothing needed is always allowed; saying you lack it drops it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.array(fc.string({ maxLength: 30 }), { maxLength: 6 }), (needed, equipment) => {
        expect(typeof equipmentAllows(needed, equipment)).toBe('boolean');
        expect(equipmentAllows('none', equipment)).toBe(true);
        // A whole word of the need (as the matching splits it) that is not a filler word.
        const word = /(?:^|[^a-z0-9-])([a-z]{3,})(?=$|[^a-z0-9-])/i.exec(needed)?.[1]?.toLowerCase();
        if (word && !NOT_A_THING.has(word) && needed.trim().toLowerCase() !== 'none')
          expect(equipmentAllows(needed, [...equipment, `no ${word}`])).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
