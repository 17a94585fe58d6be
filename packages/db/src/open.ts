import { autovacuumProblem } from './autovacuum.js';
import { createDb, type DatabaseConfig, type DatabaseHandle } from './client.js';
import { migrateToLatest } from './migrate.js';
import { seedCatalogue } from './seed.js';

export interface DatabaseSettings {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Most PostgreSQL connections this process holds at once. */
  databasePoolSize?: number;
}

interface StartupLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** PostgreSQL when a URL is configured, else the embedded PGlite in the data directory. */
export function databaseConfig(settings: DatabaseSettings): DatabaseConfig {
  return settings.databaseUrl
    ? {
        kind: 'postgres',
        url: settings.databaseUrl,
        ...(settings.databasePoolSize ? { maxConnections: settings.databasePoolSize } : {}),
      }
    : { kind: 'pglite', dataDir: settings.dataDir };
}

/**
 * Opens the database and brings it up to date (migrations, then the activity catalogue). Every process that starts
 * does this, so none depends on another's start order; the migrator's lock and the seed's upserts make it safe to race.
 */
export async function openPreparedDatabase(settings: DatabaseSettings, log: StartupLog): Promise<DatabaseHandle> {
  const database = await createDb(databaseConfig(settings), (error) =>
    log.warn({ err: error }, 'database connection lost; the pool reconnects'),
  );
  const applied = await migrateToLatest(database.db);
  const activities = await seedCatalogue(database.db);
  const statistics = database.kind === 'postgres' ? await autovacuumProblem(database.db) : undefined;
  if (statistics) log.warn({}, statistics);
  log.info({ database: database.kind, migrations: applied, activities }, 'database ready');
  return database;
}
