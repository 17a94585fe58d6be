/**
 * PATCH semantics of Google's JSON APIs: fields in the body replace stored ones, nested objects merge key by key
 * (so extendedProperties.private gains keys), arrays are replaced whole, and `null` clears a field. Start and end are
 * replaced whole because merging `{ date }` into `{ dateTime }` would describe no time at all.
 */
const REPLACED_WHOLE = new Set(['start', 'end', 'originalStartTime']);

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function mergePatch(
  target: Record<string, unknown>,
  patch: Record<string, unknown>,
  replaceWhole = REPLACED_WHOLE,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    const current = merged[key];
    if (value === null) {
      delete merged[key];
    } else if (isPlainObject(value) && isPlainObject(current) && !replaceWhole.has(key)) {
      merged[key] = mergePatch(current, value, new Set());
    } else {
      merged[key] = value;
    }
  }
  return merged;
}
