import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../client.js';
import { insertUsersWithABreak, openTestDatabase, publishCounts } from '../testing.js';
import { BREAKS_TO_REMIND_PAGE, listBreaksToRemind } from './push.js';

const MINUTE = 60_000;
/** Two starts, so that pages end between breaks of the same start, and one page holds breaks of both. */
const EARLIER = Math.round(2.4 * BREAKS_TO_REMIND_PAGE);
const LATER = Math.round(1.6 * BREAKS_TO_REMIND_PAGE);

/** Statements that went through `db` and the rows each answered. */
function countingStatements() {
  const rows: number[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => {
      rows.push(result.rows.length);
      return result;
    },
  };
  return { rows, plugin };
}

/** Index entries read from the sweep's index so far, as the database counts them. */
async function entriesRead(db: Db): Promise<number> {
  await publishCounts(db);
  const { rows } = await sql<{ read: string }>`
    select idx_tup_read as read from pg_stat_user_indexes where indexrelname = 'break_sessions_to_remind'`.execute(db);
  return Number(rows[0]!.read);
}

describe('the breaks the sweep may remind, read in pages', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const now = Date.now();
  const deviceOf = (prefix: string) => (n: number) => ({
    endpoint: `https://push.example/${prefix}${n}`,
    p256dh: 'key',
    auth_encrypted: 'sealed',
    expiration_time: null,
    label: 'Test',
  });

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const preferences = { notifications_enabled: true };
    await insertUsersWithABreak(database.db, {
      prefix: 'later',
      count: LATER,
      at: new Date(now + 3 * MINUTE),
      preferences,
      device: deviceOf('later'),
    });
    await insertUsersWithABreak(database.db, {
      prefix: 'earlier',
      count: EARLIER,
      at: new Date(now + MINUTE),
      preferences,
      device: deviceOf('earlier'),
    });
  }, 60_000);
  afterAll(() => database?.dispose());

  it('finds every break once, by start time and id, a page a statement', async () => {
    const { rows, plugin } = countingStatements();
    const found = await listBreaksToRemind(database.db.withPlugin(plugin), new Date(now), new Date(now + 10 * MINUTE));

    expect(found).toHaveLength(EARLIER + LATER);
    expect(new Set(found.map((b) => b.breakId)).size).toBe(EARLIER + LATER);
    const order = found.map((b) => `${b.scheduledTime.toISOString()} ${b.breakId}`);
    expect(order).toEqual([...order].sort());
    expect(rows).toEqual([BREAKS_TO_REMIND_PAGE, BREAKS_TO_REMIND_PAGE, BREAKS_TO_REMIND_PAGE, BREAKS_TO_REMIND_PAGE, 0]);
  });

  it('seeks each page from where the last ended, not reading again the breaks that start at the same time', async () => {
    const before = await entriesRead(database.db);
    await listBreaksToRemind(database.db, new Date(now), new Date(now + 10 * MINUTE));
    const pages = Math.ceil((EARLIER + LATER + 1) / BREAKS_TO_REMIND_PAGE);
    // Each page reads its own entries and at most one beyond (the one that ends it).
    expect((await entriesRead(database.db)) - before).toBeLessThanOrEqual(EARLIER + LATER + pages);
  });
});
