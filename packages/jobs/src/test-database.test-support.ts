import type { Db } from '@breaker/db';
import { openTestDatabase, type TestBackend } from '@breaker/db/testing';
import { afterAll, beforeAll } from 'vitest';

/**
 * A database of its own for the tests of one describe block: opened before them and thrown away after. Its `db` is
 * there once the tests (or later beforeAll hooks) run.
 */
export function testDatabase(kind: TestBackend): { readonly db: Db } {
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  return {
    get db(): Db {
      if (!database) throw new Error('The test database opens before the tests; read db inside them');
      return database.db;
    },
  };
}
