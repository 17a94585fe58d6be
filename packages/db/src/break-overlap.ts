/** The constraint that keeps two breaks of one user from overlapping (migration 2026-11-25T0005). */
export const BREAK_OVERLAP_CONSTRAINT = 'break_sessions_no_overlap';

/** PostgreSQL's exclusion_violation. */
const EXCLUSION_VIOLATION = '23P01';

/** Whether PostgreSQL or PGlite refused a write (or a cause of `error` was that refusal) because two breaks would overlap. */
export function isBreakOverlap(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === EXCLUSION_VIOLATION && constraint === BREAK_OVERLAP_CONSTRAINT) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
