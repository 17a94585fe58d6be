import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema.js';

export type DatabaseConfig =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /** `dataDir` undefined keeps the embedded database in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseConfig['kind'];
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type Db = Kysely<Database>;

/** Reads no environment: the app's config module decides what to pass. */
export async function createDb(config: DatabaseConfig, onPoolError: (error: Error) => void = () => {}): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: config.maxConnections ?? 10,
      connectionTimeoutMillis: 3000,
    });
    // A client losing its server (a PostgreSQL restart) must not crash the process: idle clients report through the
    // pool, checked-out ones through themselves (their query in flight fails on its own).
    pool.on('error', onPoolError);
    pool.on('connect', (client) => client.on('error', onPoolError));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return handle(db, 'postgres');
  }
  // The migrations' extensions: PGlite loads a contrib extension only when it is named here.
  const options = { extensions: { btree_gist } };
  let pglite: PGlite;
  if (config.dataDir) {
    const dir = join(config.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir, options);
  } else {
    pglite = await PGlite.create(options);
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return handle(db, 'pglite');
}

function handle(db: Kysely<Database>, kind: DatabaseConfig['kind']): DatabaseHandle {
  return {
    db,
    kind,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}
