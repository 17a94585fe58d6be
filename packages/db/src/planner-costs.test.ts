import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeStaleTables } from './embedded-statistics.js';
import { breaksToRemindById, findBreaksToRemind } from './queries/push.js';
import { insertUsersWithABreak, openTestDatabase } from './testing.js';

const USERS = 4_000;
const BATCH = 50;

/** Every node of a plan that `EXPLAIN (FORMAT JSON)` printed, depth first. */
function planNodes(node: { 'Node Type': string; 'Relation Name'?: string; Plans?: unknown[] }): (typeof node)[] {
  return [node, ...((node.Plans ?? []) as (typeof node)[]).flatMap(planNodes)];
}

// The embedded database holds its pages in memory, and createDb prices a read at random accordingly (decision record
// 016, "Planner costs"): with the default costs, the read of a batch of reminders scanned every user's preferences.
describe('the embedded database plans for pages held in memory', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let breakIds: string[];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const { db } = database;
    const breaks = await insertUsersWithABreak(db, 'planned', USERS, new Date(Date.now() + 60 * 60_000));
    breakIds = breaks.slice(0, BATCH);
    // PGlite publishes its counts of changed rows at the end of a transaction at least a second after the last time.
    await new Promise((wake) => setTimeout(wake, 1_100));
    await sql`select 1`.execute(db);
    await analyzeStaleTables(db);
  }, 120_000);
  afterAll(() => database?.dispose());

  it('reads a batch of reminders by key, without reading any table in full', async () => {
    const { sql: text, parameters } = breaksToRemindById(database.db, breakIds).compile();
    const { rows } = await database.db.executeQuery<{ 'QUERY PLAN': [{ Plan: Parameters<typeof planNodes>[0] }] }>(
      CompiledQuery.raw(`explain (format json) ${text}`, [...parameters]),
    );
    const scanned = planNodes(rows[0]!['QUERY PLAN'][0].Plan)
      .filter((node) => node['Node Type'] === 'Seq Scan')
      .map((node) => node['Relation Name']);
    expect(scanned).toEqual([]);
    const found = await findBreaksToRemind(database.db, breakIds);
    expect(found.map((row) => row.breakId).sort()).toEqual([...breakIds].sort());
  });
});
