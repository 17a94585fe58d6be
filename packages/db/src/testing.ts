import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type DatabaseHandle } from './client.js';
import { migrateToLatest } from './migrate.js';
import { seedCatalogue } from './seed.js';

/** The server the integration tests use; CI must have it running, so there is no fallback. */
export const TEST_POSTGRES_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A scratch database of its own per call, dropped by the returned `drop()`. */
export async function createScratchPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `breaker_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleaner = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}

export type TestBackend = 'postgres' | 'pglite';

/** A migrated, seeded database of either kind, and a way to throw it away. */
export async function openTestDatabase(kind: TestBackend): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  if (kind === 'pglite') {
    const handle = await createDb({ kind: 'pglite' });
    await migrateToLatest(handle.db);
    await seedCatalogue(handle.db);
    return { ...handle, dispose: handle.close };
  }
  const scratch = await createScratchPostgres();
  const handle = await createDb({ kind: 'postgres', url: scratch.url, maxConnections: 4 });
  await migrateToLatest(handle.db);
  await seedCatalogue(handle.db);
  return {
    ...handle,
    async dispose() {
      await handle.close();
      await scratch.drop();
    },
  };
}
