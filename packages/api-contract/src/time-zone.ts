/**
 * The fixed-offset zones (`Etc/GMT+5` is five hours behind UTC): IANA names that Intl resolves to themselves and
 * PostgreSQL knows, but that Intl's list of zones leaves out. Intl itself refuses offsets beyond the IANA range.
 */
const FIXED_OFFSET_ZONE = /^Etc\/GMT[+-]\d{1,2}$/;

/**
 * The zones Intl lists are its canonical IANA names, and PostgreSQL and PGlite know each of them (checked by the
 * database tests). Intl also resolves legacy names that PostgreSQL lacks (US/Pacific-New resolves to
 * America/Los_Angeles; SystemV/AST4 resolves to itself and is not listed), so a zone is canonicalised first and
 * kept only if the result is listed or a fixed offset. UTC is canonical but missing from the list in some runtimes.
 */
let listedZones: ReadonlySet<string> | undefined;
function isListed(zone: string): boolean {
  if (typeof Intl.supportedValuesOf !== 'function') return true;
  listedZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return listedZones.has(zone) || FIXED_OFFSET_ZONE.test(zone);
}

/** Every fixed-offset zone Intl accepts, from `Etc/GMT-14` to `Etc/GMT+12`: for tests that walk every known zone. */
export function fixedOffsetZones(): string[] {
  const offsets = Array.from({ length: 27 }, (_, index) => index - 14).filter((offset) => offset !== 0);
  return offsets.map((offset) => `Etc/GMT${offset > 0 ? '+' : '-'}${Math.abs(offset)}`);
}

/** The canonical name of a zone both Intl and PostgreSQL accept, or undefined for anything else. */
export function canonicalTimeZone(zone: string): string | undefined {
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  return isListed(resolved) ? resolved : undefined;
}

export function isValidTimeZone(zone: string): boolean {
  return canonicalTimeZone(zone) !== undefined;
}
