import fc from 'fast-check';

/** What the fuzzer knows that an attacker could also know or guess: ids of someone else's rows. */
export interface KnownIds {
  otherUserId: string;
  otherBreakIds: readonly string[];
}

export const NASTY_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  '\udfff\ud800',
  '\ud83d',
  '0000-01-01T00:00:00Z',
  '0000-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00Z',
  'US/Pacific-New',
  'Etc/Unknown',
  'Factory',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%00',
  "'; drop table users; --",
  'NaN',
  '-1',
  '1e309',
  'ℌ𝔢𝔩𝔩𝔬 ‮',
  'file:///etc/passwd',
  'http://127.0.0.1:5432/',
  'http://169.254.169.254/latest/meta-data/',
  'javascript:alert(1)',
];

/** One value no schema expects: wrong types, hostile text, huge or deep values, someone else's ids. */
export function hostileValue(known: KnownIds): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    fc.constantFrom<unknown>(...NASTY_STRINGS, null, true, false, 0, -1, 1.5, Number.MAX_SAFE_INTEGER, 1e308, -0),
    fc.constantFrom(known.otherUserId, ...known.otherBreakIds),
    fc.string({ unit: 'binary', maxLength: 16 }),
    fc.string({ unit: 'grapheme', maxLength: 16 }),
  );
  return fc.oneof(
    { weight: 4, arbitrary: leaf },
    { weight: 2, arbitrary: fc.anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 70_000 }).map((length) => 'x'.repeat(length)) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 20_000 }).map((count) => Array.from({ length: count }, () => 1)) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...NASTY_STRINGS), leaf, { maxKeys: 6 }) },
  );
}

/** A copy of `value` with one part, at any depth, replaced by a hostile value or joined by a hostile key. */
function replaceAt(value: unknown, steps: readonly number[], key: string, hostile: unknown): unknown {
  const [step, ...rest] = steps;
  if (Array.isArray(value) && value.length > 0 && step !== undefined) {
    const copy = [...value];
    const index = step % copy.length;
    copy[index] = rest.length > 0 ? replaceAt(copy[index], rest, key, hostile) : hostile;
    return copy;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return hostile;
  const copy: Record<string, unknown> = { ...value };
  const keys = Object.keys(copy);
  const chosen =
    step === undefined || keys.length === 0 || step % (keys.length + 1) === keys.length ? key : keys[step % keys.length]!;
  const replacement = rest.length > 0 && chosen in copy ? replaceAt(copy[chosen], rest, key, hostile) : hostile;
  // defineProperty, so that a key named __proto__ becomes an own field as it would from JSON.
  Object.defineProperty(copy, chosen, { value: replacement, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** The schema's shape with one part hostile, at any depth. */
export function withHostileField(valid: unknown, known: KnownIds): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 4 }),
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', 'userId', 'user_id', 'id'),
      hostileValue(known),
    )
    .map(([steps, key, hostile]) => replaceAt(valid, steps, key, hostile));
}

/** JSON text no serialiser would write: deep nesting, prototype keys, duplicates, malformed or empty. */
export const hostileJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 100, max: 30_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 100, max: 10_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.constantFrom(
    '{"__proto__":{"isAdmin":true,"userId":"x"},"constructor":{"prototype":{"polluted":1}}}',
    '{"preferences":{"__proto__":{"breakFrequency":6}}}',
    '{"a":1,"a":2}',
    '{"username": "ada", ',
    '',
    ' ',
    'null',
    '[]',
    '"\\u0000"',
    '"\\ud800"',
    '{"0":{"json":null}}',
    '\u0000',
    '1e999999',
  ),
  fc.integer({ min: 60_000, max: 200_000 }).map((length) => JSON.stringify({ padding: 'p'.repeat(length) })),
);
