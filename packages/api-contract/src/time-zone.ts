/**
 * The zones Intl lists are its canonical IANA names, and PostgreSQL and PGlite know each of them (checked by the
 * database tests). Intl also resolves legacy names that PostgreSQL lacks (US/Pacific-New resolves to
 * America/Los_Angeles; SystemV/AST4 resolves to itself and is not listed), so a zone is canonicalised first and
 * kept only if the result is listed. UTC is canonical but missing from the list in some runtimes.
 */
let listedZones: ReadonlySet<string> | undefined;
function isListed(zone: string): boolean {
  if (typeof Intl.supportedValuesOf !== 'function') return true;
  listedZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return listedZones.has(zone);
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
