import { sql, type Kysely, type PluginTransformResultArgs } from 'kysely';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DatabaseHandle } from './client.js';
import type { Database } from './schema.js';
import { HOLD_MS, TurnBetweenStatements } from './turn-between-statements.js';

describe('TurnBetweenStatements', () => {
  /** Whether the loop turned before a result was handed back, after statements held the thread past HOLD_MS. */
  async function turnedBeforeResult(requestWaiting: boolean): Promise<boolean> {
    const plugin = new TurnBetweenStatements(() => requestWaiting);
    const heldFrom = performance.now();
    while (performance.now() - heldFrom <= HOLD_MS) {
      // The thread held, as by a long statement.
    }
    let turned = false;
    setImmediate(() => (turned = true));
    await plugin.transformResult({ queryId: { queryId: 'q' }, result: { rows: [] } } as PluginTransformResultArgs);
    return turned;
  }

  it('turns the loop before handing back the result of statements that held the thread', async () => {
    expect(await turnedBeforeResult(false)).toBe(true);
  });

  it('hands the result back at once when a request waits for the connection, which then goes to it', async () => {
    expect(await turnedBeforeResult(true)).toBe(false);
  });
});

describe('the embedded database, running in this thread', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createDb({ kind: 'pglite' });
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A statement that holds the thread longer than the database may before the event loop turns. */
  const longStatement = (db: Kysely<Database> = database.db) => sql`select pg_sleep(${(HOLD_MS + 1) / 1000})`.execute(db);

  it('lets the event loop serve what waits between long statements awaited back to back', async () => {
    const order: string[] = [];
    for (const statement of ['first', 'second', 'third']) {
      // A request that arrived while the previous statement ran.
      setImmediate(() => order.push(`waiting before the ${statement}`));
      await longStatement();
      order.push(statement);
    }
    expect(order).toEqual([
      'waiting before the first',
      'first',
      'waiting before the second',
      'second',
      'waiting before the third',
      'third',
    ]);
  });

  it('lets short statements in a row share a turn', async () => {
    let turns = 0;
    let counting = true;
    const countTurns = () => {
      turns += 1;
      if (counting) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    for (let statement = 0; statement < 50; statement += 1) await sql`select 1`.execute(database.db);
    counting = false;
    expect(turns).toBeLessThan(25);
  });

  it('keeps a transaction whole: a turn between its statements lets no other statement in', async () => {
    await sql`create table counter (n int not null)`.execute(database.db);
    await sql`insert into counter values (0)`.execute(database.db);
    const seen: number[] = [];
    await Promise.all([
      database.db.transaction().execute(async (trx) => {
        await sql`update counter set n = n + 1`.execute(trx);
        await longStatement(trx);
        await sql`update counter set n = n + 1`.execute(trx);
      }),
      (async () => {
        await new Promise<void>((resume) => setImmediate(resume));
        const { rows } = await sql<{ n: number }>`select n from counter`.execute(database.db);
        seen.push(rows[0]!.n);
      })(),
    ]);
    expect(seen).toEqual([2]);
  });
});
