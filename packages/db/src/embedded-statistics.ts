import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** How often the embedded database looks for tables to analyze: autovacuum's own default nap. */
export const STATISTICS_CHECK_MS = 60_000;

/**
 * Tables whose planner statistics are out of date, by autovacuum's defaults for analyze: never analyzed while holding
 * rows, or changed in more than 50 rows plus a tenth of the table since (docs/decisions/016-embedded-statistics.md).
 */
async function staleTables(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ relname: string }>`
    select s.relname from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public'
      and ((c.reltuples < 0 and s.n_live_tup > 0) or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0))
    order by s.relname`.execute(db);
  return rows.map((row) => row.relname);
}

/** Analyzes each table whose statistics are out of date, one statement each; answers the tables analyzed. */
export async function analyzeStaleTables(db: Kysely<Database>): Promise<string[]> {
  const tables = await staleTables(db);
  for (const table of tables) await sql`analyze ${sql.table(table)}`.execute(db);
  return tables;
}

/**
 * PGlite runs no autovacuum, so without this its planner would keep the statistics of the day a table was created: an
 * empty `break_sessions` makes every claim of a batch of reminders scan all breaks still to announce through a partial
 * index, instead of finding each by its key. Checks soon after opening (the counts of changes are published after a
 * second) and then every minute, until stopped. A failure is left for the next check.
 */
export function keepStatistics(db: Kysely<Database>): () => void {
  const check = () => void analyzeStaleTables(db).catch(() => undefined);
  const first = setTimeout(check, 2_000).unref();
  const every = setInterval(check, STATISTICS_CHECK_MS).unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
