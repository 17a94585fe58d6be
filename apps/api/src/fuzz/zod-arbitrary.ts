import fc from 'fast-check';
import type { z } from 'zod';
import { NASTY_STRINGS } from './hostile.js';

/**
 * Valid-looking values for a zod 4 schema, read from its definition. Good enough to get past the schema most of the
 * time, so the fuzzer reaches the services behind it; the hostile generators cover the rest. (zod-fast-check only
 * knows zod 3.) `ids` are real row ids, mixed into every uuid so that calls reach rows that exist.
 */
export function arbitraryFor(schema: z.ZodType, ids: readonly string[] = [], depth = 0): fc.Arbitrary<unknown> {
  const def = (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
  if (depth > 6) return fc.constant(null);
  switch (def.type) {
    case 'string':
      return stringFor(def, ids);
    case 'number':
      return fc.oneof(fc.integer({ min: -10, max: 10 }), fc.integer(), fc.double({ noNaN: true }));
    case 'int':
      return fc.integer({ min: -10, max: 10 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'array':
      return fc.array(arbitraryFor(def.element!, ids, depth + 1), { maxLength: 8 });
    case 'object':
      return fc.record(
        Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, value]) => [key, arbitraryFor(value, ids, depth + 1)])),
        { requiredKeys: Object.keys(def.shape ?? {}).filter((key) => !isOptional(def.shape![key]!)) },
      );
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => arbitraryFor(option, ids, depth + 1)));
    case 'optional':
      return fc.option(arbitraryFor(def.innerType!, ids, depth + 1), { nil: undefined });
    case 'nullable':
      return fc.option(arbitraryFor(def.innerType!, ids, depth + 1), { nil: null });
    case 'default':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return arbitraryFor(def.innerType!, ids, depth + 1);
    case 'pipe':
      return arbitraryFor(def.in!, ids, depth + 1);
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), arbitraryFor(def.valueType!, ids, depth + 1), { maxKeys: 4 });
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => arbitraryFor(item, ids, depth + 1)));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

interface ZodDef {
  type: string;
  format?: string;
  values?: unknown[];
  entries?: Record<string, string | number>;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
}

function isOptional(schema: z.ZodType): boolean {
  return (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';
}

const TIME_ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'Etc/GMT+12'];

/** Mostly well-formed text for the format; now and then text that is valid JSON but hostile to what stores it. */
function stringFor(def: ZodDef, ids: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof({ weight: 3, arbitrary: formatted(def, ids) }, { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS) });
}

function formatted(def: ZodDef, ids: readonly string[]): fc.Arbitrary<string> {
  switch (def.format) {
    case 'uuid':
    case 'guid':
      return ids.length > 0 ? fc.oneof(fc.constantFrom(...ids), fc.uuid()) : fc.uuid();
    case 'datetime':
      return fc
        .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'email':
      return fc.emailAddress();
    case 'url':
      return fc.webUrl();
    default:
      return fc.oneof(
        fc.string({ minLength: 1, maxLength: 24 }),
        fc.constantFrom(...TIME_ZONES),
        fc.constantFrom('correct horse battery', 'fuzz-user', 'https://example.com/feed.ics'),
      );
  }
}
