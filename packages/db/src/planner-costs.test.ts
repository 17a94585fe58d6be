import type { ExplainNode, KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeStaleTables } from './embedded-statistics.js';
import { findBreaksToRemind } from './queries/push.js';
import { insertUsersWithABreak, openTestDatabase, publishCounts } from './testing.js';

const USERS = 4_000;
const BATCH = 50;

/** Every node of a plan that `EXPLAIN (FORMAT JSON)` printed, depth first. */
function planNodes(node: { 'Node Type': string; 'Relation Name'?: string; Plans?: unknown[] }): (typeof node)[] {
  return [node, ...((node.Plans ?? []) as (typeof node)[]).flatMap(planNodes)];
}

type PlanNode = Parameters<typeof planNodes>[0];

/** Runs a read as EXPLAIN (FORMAT JSON): the plan of exactly the statement a query function sends. */
const explained: KyselyPlugin = {
  transformQuery: ({ node }) =>
    node.kind === 'SelectQueryNode' ? { ...node, explain: { kind: 'ExplainNode', format: 'json' } satisfies ExplainNode } : node,
  transformResult: async ({ result }) => result,
};

// The embedded database holds its pages in memory, and createDb prices a read at random accordingly (decision record
// 016, "Planner costs"): with the default costs, the read of a batch of reminders scanned every user's preferences.
describe('the embedded database plans for pages held in memory', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let breakIds: string[];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const { db } = database;
    const { breakIds: all } = await insertUsersWithABreak(db, {
      prefix: 'planned',
      count: USERS,
      at: new Date(Date.now() + 60 * 60_000),
    });
    breakIds = all.slice(0, BATCH);
    await publishCounts(db);
    await analyzeStaleTables(db);
  }, 120_000);
  afterAll(() => database?.dispose());

  it('reads a batch of reminders by key, without reading any table in full', async () => {
    // The rows are EXPLAIN's, not breaks: the query function passes them on as it reads them.
    const rows = (await findBreaksToRemind(database.db.withPlugin(explained), breakIds)) as unknown as {
      'QUERY PLAN': [{ Plan: PlanNode }];
    }[];
    const scanned = planNodes(rows[0]!['QUERY PLAN'][0].Plan)
      .filter((node) => node['Node Type'] === 'Seq Scan')
      .map((node) => node['Relation Name']);
    expect(scanned).toEqual([]);
    const found = await findBreaksToRemind(database.db, breakIds);
    expect(found.map((row) => row.breakId).sort()).toEqual([...breakIds].sort());
  });
});
