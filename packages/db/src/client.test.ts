import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DatabaseHandle } from './client.js';
import { createScratchPostgres } from './testing.js';

describe('the PostgreSQL pool when the server drops its connections', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let database: DatabaseHandle;
  const lost: Error[] = [];

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    database = await createDb({ kind: 'postgres', url: scratch.url, maxConnections: 2 }, (error) => lost.push(error));
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('reports a checked-out connection killed by the server instead of crashing, and serves again from a new one', async () => {
    await database.db.connection().execute(async (connection) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
      // Another connection ends this one, as a PostgreSQL shutdown or restart does, while it is checked out and idle.
      await sql`select pg_terminate_backend(${rows[0]?.pid})`.execute(database.db);
      await expect.poll(() => lost.length).toBeGreaterThan(0);
    });
    expect(lost[0]?.message).toMatch(/terminat/);
    const { rows } = await sql<{ answer: number }>`select 1 as answer`.execute(database.db);
    expect(rows).toEqual([{ answer: 1 }]);
  });
});
