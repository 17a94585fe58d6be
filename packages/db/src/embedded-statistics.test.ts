import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeStaleTables, keepStatistics } from './embedded-statistics.js';
import { migrateToLatest } from './migrate.js';
import type { Database } from './schema.js';
import { seedCatalogue } from './seed.js';
import { insertUsersWithABreak, publishCounts } from './testing.js';

const USERS = 500;

const reltuples = async (db: Kysely<Database>, table: string) =>
  (await sql<{ reltuples: number }>`select reltuples from pg_class where relname = ${table}`.execute(db)).rows[0]!.reltuples;

describe('embedded database statistics', () => {
  // The database without its handle (createDb), whose own checks would race the test's.
  let db: Kysely<Database>;

  beforeAll(async () => {
    db = new Kysely<Database>({ dialect: new PGliteDialect(await PGlite.create({ extensions: { btree_gist } })) });
    await migrateToLatest(db);
    await seedCatalogue(db);
    await publishCounts(db);
    await analyzeStaleTables(db);
  });
  afterAll(() => db?.destroy());

  it('analyzes the tables that changed by more than a tenth, then nothing until they change again', async () => {
    await insertUsersWithABreak(db, { prefix: 'stats', count: USERS, at: new Date(Date.now() + 60 * 60_000) });
    await publishCounts(db);

    const analyzed = await analyzeStaleTables(db);
    expect(analyzed).toEqual(expect.arrayContaining(['break_sessions', 'preferences', 'users']));
    expect(analyzed).not.toContain('calendar_events');
    await publishCounts(db);
    expect(await analyzeStaleTables(db)).toEqual([]);

    // What the planner now goes by: the rows there are, not the empty table the migrations made.
    expect(await reltuples(db, 'break_sessions')).toBe(USERS);
  });

  it('is kept by a check soon after the keeper starts', async () => {
    await db
      .insertInto('users')
      .values(Array.from({ length: USERS }, (_, i) => ({ username: `kept${i}`, email: null, password_hash: null })))
      .execute();
    await publishCounts(db);
    const before = await reltuples(db, 'users');
    const stop = keepStatistics(db);
    try {
      await expect.poll(() => reltuples(db, 'users'), { timeout: 5_000, interval: 200 }).toBe(before + USERS);
    } finally {
      stop();
    }
  });
});
