import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasLoneSurrogate, hasNul, text, TEXT_MAX_LENGTH, TEXT_MESSAGES } from './text.js';

const field = text({ max: 64 });
const exact = text({ exact: true, max: 64 });

/** Any well-formed Unicode, astral planes included. */
const unicode = fc.string({ unit: 'binary', maxLength: 40 });
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));
/** A letter followed by combining marks, in an order NFC may reorder or compose. */
const combining = fc
  .tuple(fc.constantFrom('a', 'e', 'o', 'u', 'n', 'A', 'ᄀ'), fc.array(fc.integer({ min: 0x300, max: 0x36f }), { maxLength: 4 }))
  .map(([base, marks]) => base + String.fromCharCode(...marks));
const withCombining = fc.array(fc.oneof(unicode, combining), { maxLength: 6 }).map((parts) => parts.join(''));

/** `inserted` placed somewhere inside `around`. */
const inside = (around: fc.Arbitrary<string>, inserted: fc.Arbitrary<string>) =>
  fc.tuple(around, inserted, fc.nat()).map(([host, bad, at]) => {
    const cut = host.length === 0 ? 0 : at % host.length;
    return host.slice(0, cut) + bad + host.slice(cut);
  });

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('text: the one schema for every string the API takes', () => {
  it('refuses any value with a NUL in it, normalised or exact', () => {
    fc.assert(
      fc.property(inside(fc.string({ unit: 'binary', maxLength: 30 }), fc.constant('\u0000')), (value) => {
        for (const schema of [field, exact]) {
          const result = schema.safeParse(value);
          expect(result.success).toBe(false);
          expect(messages(result)).toContain(TEXT_MESSAGES.nul);
        }
      }),
    );
  });

  it('refuses any value with a lone surrogate in it', () => {
    const isolated = inside(fc.string({ unit: 'grapheme-ascii', maxLength: 30 }), loneSurrogate);
    fc.assert(
      fc.property(isolated, (value) => {
        for (const schema of [field, exact]) {
          const result = schema.safeParse(value);
          expect(result.success).toBe(false);
          expect(messages(result)).toContain(TEXT_MESSAGES.surrogate);
        }
      }),
    );
  });

  it('refuses a huge value by its length, before any other work', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: TEXT_MAX_LENGTH + 1, max: 5_000_000 }),
        fc.constantFrom('a', '\u0000', '\ud800', 'e\u0301'),
        (length, unit) => {
          const result = text().safeParse(unit.repeat(Math.ceil(length / unit.length)));
          expect(result.success).toBe(false);
          expect(messages(result)[0]).toBe(TEXT_MESSAGES.tooLong(TEXT_MAX_LENGTH));
        },
      ),
      { numRuns: 20 },
    );
  });

  it('counts characters as PostgreSQL does, by code point: 64 astral ones fit, 65 do not', () => {
    expect(field.safeParse('\u{1F600}'.repeat(64)).success).toBe(true);
    expect(messages(field.safeParse('\u{1F600}'.repeat(65)))).toEqual([TEXT_MESSAGES.tooLong(64)]);
  });

  it('gives back NFC, trimmed, bounded text without NUL or lone surrogates, and parsing it again changes nothing', () => {
    fc.assert(
      fc.property(withCombining, (value) => {
        const result = field.safeParse(value);
        if (!result.success) return;
        const out = result.data;
        expect(out).toBe(out.normalize('NFC'));
        expect(out).toBe(out.trim());
        // Characters as zod and PostgreSQL count them: code points, so an astral one is one, not two UTF-16 units.
        expect([...out].length).toBeLessThanOrEqual(64);
        expect(hasNul(out) || hasLoneSurrogate(out)).toBe(false);
        expect(field.parse(out)).toBe(out);
      }),
    );
  });

  it('takes every well-formed value without NUL that fits, whatever its script', () => {
    fc.assert(
      fc.property(
        withCombining.filter((value) => !hasNul(value) && value.length <= 64),
        (value) => {
          expect(field.safeParse(value).success).toBe(true);
        },
      ),
    );
  });

  it('reads composed and decomposed spellings as the same value', () => {
    fc.assert(
      fc.property(
        withCombining.filter((value) => !hasNul(value) && value.normalize('NFD').length <= 64),
        (value) => {
          expect(field.parse(value.normalize('NFD'))).toBe(field.parse(value.normalize('NFC')));
        },
      ),
    );
    expect(field.parse('Jose\u0301')).toBe('Jos\u00e9');
  });

  it('keeps exact text (passwords) as typed: untrimmed and unnormalised', () => {
    fc.assert(
      fc.property(
        withCombining.filter((value) => !hasNul(value) && value.length <= 64),
        (value) => {
          expect(exact.parse(value)).toBe(value);
        },
      ),
    );
  });

  it('says what is wrong in the field’s own words', () => {
    const username = text({ min: 3, max: 5, required: 'Username is required', tooShort: 'Too short', tooLong: 'Too long' });
    expect(messages(username.safeParse(42))).toEqual(['Username is required']);
    expect(messages(username.safeParse(' ab '))).toEqual(['Too short']);
    expect(messages(username.safeParse('abcdef'))).toEqual(['Too long']);
  });
});
