import { sql } from 'kysely';
import type { Db } from './client.js';

/**
 * PostgreSQL keeps its planner's statistics through autovacuum (PGlite has none: embedded-statistics.ts). Without it
 * they describe the tables as they were when last analyzed: a planning run's delete then took the reminder sweep's
 * index over the user's own and read every break still to take, and refreshing 10,000 users took 370 s instead of
 * about 40 (docs/decisions/017-grouped-session-reads.md). Undefined when autovacuum is on.
 */
export async function autovacuumProblem(db: Db): Promise<string | undefined> {
  const { rows } = await sql<{ autovacuum: string }>`select current_setting('autovacuum') as autovacuum`.execute(db);
  return autovacuumAdvice(rows[0]?.autovacuum);
}

/** What to say of the server's `autovacuum` setting: nothing when it is on. */
export function autovacuumAdvice(setting: string | undefined): string | undefined {
  if (setting === 'on') return undefined;
  return (
    'PostgreSQL autovacuum is off: planner statistics go stale and the busiest statements choose slow plans. ' +
    'Turn it on (autovacuum = on in postgresql.conf, or ALTER SYSTEM SET autovacuum = on; SELECT pg_reload_conf();), ' +
    'or analyze the tables on a schedule of your own'
  );
}
