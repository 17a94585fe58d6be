import { Migrator } from 'kysely';
import { createDb, type DatabaseHandle } from '../client.js';
import { createScratchPostgres, type TestBackend } from '../testing.js';
import { migrations } from './index.js';

/** A database of `kind` migrated only up to `last`, and a way to throw it away. */
export async function openMigratedUpTo(kind: TestBackend, last: string): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  const scratch = kind === 'postgres' ? await createScratchPostgres() : undefined;
  const handle = await createDb(scratch ? { kind: 'postgres', url: scratch.url, maxConnections: 2 } : { kind: 'pglite' });
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const { error } = await migrator.migrateTo(last);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return {
    ...handle,
    async dispose() {
      await handle.close();
      await scratch?.drop();
    },
  };
}
