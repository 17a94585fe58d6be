import { afterAll, beforeAll } from 'vitest';
import { openTestDatabase, type TestBackend } from './testing.js';

type ScratchDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

/**
 * A scratch database of `kind` for the enclosing describe block: opened before its tests, disposed of after them.
 * Kept apart from testing.ts, which benchmarks import outside vitest.
 */
export function useScratchDatabase(kind: TestBackend): () => ScratchDatabase {
  let database: ScratchDatabase | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });
  return () => {
    if (!database) throw new Error('the scratch database is opened in beforeAll; read it inside a test');
    return database;
  };
}
