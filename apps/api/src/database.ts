import { createDb, migrateToLatest, seedCatalogue, type DatabaseHandle } from '@breaker/db';
import type { Logger } from 'pino';
import type { Config } from './env.js';

/** Opens the configured database and brings it up to date: migrations, then the activity catalogue. */
export async function openDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  const database = await createDb(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
    (error) => logger.warn({ err: error }, 'database connection lost; the pool reconnects'),
  );
  const applied = await migrateToLatest(database.db);
  const activities = await seedCatalogue(database.db);
  logger.info({ database: database.kind, migrations: applied, activities }, 'database ready');
  return database;
}
