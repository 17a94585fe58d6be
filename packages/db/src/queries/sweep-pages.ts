/**
 * Rows a statement of the maintenance sweep's reads takes at most. On the embedded database a statement holds the
 * API's one thread while it runs; requests go first between statements (embedded-lanes.ts), so the sweep reads in
 * pages that each take milliseconds, never one read of every user, connection or reminder (10,000 reminders read at
 * once held the thread 0.4 s, decision 018).
 */
export const SWEEP_PAGE = 250;

/** One page: what it found, and the key to read the next page after, or undefined when it was the last. */
export interface SweepPage<T, K> {
  found: readonly T[];
  next: K | undefined;
}

/**
 * Everything a paged read finds, a page a statement, each page after the last one's key. Rows changed between pages
 * may be seen twice or missed: the sweep runs again a minute later, and what it hands on checks again.
 */
export async function readInPages<T, K>(readPage: (after: K | undefined) => Promise<SweepPage<T, K>>): Promise<T[]> {
  const found: T[] = [];
  let after: K | undefined;
  do {
    const page = await readPage(after);
    found.push(...page.found);
    after = page.next;
  } while (after !== undefined);
  return found;
}

/** A page whose rows are their own keys: the next page starts after its last row, unless it was not full. */
export function pageOfRows<T>(rows: readonly T[]): SweepPage<T, T> {
  return { found: rows, next: rows.length < SWEEP_PAGE ? undefined : rows.at(-1) };
}
