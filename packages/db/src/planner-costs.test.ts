import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPreferences } from './default-preferences.js';
import { analyzeStaleTables } from './embedded-statistics.js';
import { breaksToRemindById, findBreaksToRemind } from './queries/push.js';
import { openTestDatabase } from './testing.js';

const USERS = 4_000;
const BATCH = 50;
const CHUNK = 500;

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
    const activity = await db.selectFrom('break_activities').select('id').limit(1).executeTakeFirstOrThrow();
    const at = new Date(Date.now() + 60 * 60_000);
    const breaks: { id: string }[] = [];
    // In chunks: a statement carries at most 65,535 parameters.
    for (let first = 0; first < USERS; first += CHUNK) {
      const users = await db
        .insertInto('users')
        .values(Array.from({ length: CHUNK }, (_, i) => ({ username: `planned${first + i}`, email: null, password_hash: null })))
        .returning('id')
        .execute();
      await db
        .insertInto('preferences')
        .values(users.map((user) => ({ ...newPreferences(), user_id: user.id })))
        .execute();
      const rows = users.map((user) => ({
        user_id: user.id,
        activity_id: activity.id,
        scheduled_time: at,
        duration: 5,
        placement_reason: 'x',
      }));
      breaks.push(...(await db.insertInto('break_sessions').values(rows).returning('id').execute()));
    }
    breakIds = breaks.slice(0, BATCH).map((row) => row.id);
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
