import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { embeddedLanes } from './embedded-lanes.js';
import { keepStatistics } from './embedded-statistics.js';
import type { Database } from './schema.js';

export type DatabaseConfig =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /** `dataDir` undefined keeps the embedded database in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * The same database, for jobs run in this process (work no one is waiting on): on the embedded database their
   * statements wait until the requests' waiting at the same moment are served (embedded-lanes.ts); on PostgreSQL,
   * whose pool serves them side by side, `db` itself.
   */
  backgroundDb: Kysely<Database>;
  /**
   * Marks a request as being served, until the function answered is called: on the embedded database the background's
   * statements wait meanwhile (embedded-lanes.ts); undefined on PostgreSQL, where nothing waits for it.
   */
  requestStarted: (() => () => void) | undefined;
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
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
    return handle({ db, backgroundDb: db, requestStarted: undefined }, 'postgres');
  }
  // The migrations' extensions: PGlite loads a contrib extension only when it is named here.
  const options = {
    extensions: { btree_gist },
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_PLANNER_COSTS],
  };
  let pglite: PGlite;
  if (config.dataDir) {
    const dir = join(config.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir, options);
  } else {
    pglite = await PGlite.create(options);
  }
  const lanes = embeddedLanes(pglite);
  const db = new Kysely<Database>({ dialect: lanes.foreground });
  const backgroundDb = new Kysely<Database>({ dialect: lanes.background });
  // PostgreSQL's autovacuum keeps its planner statistics; PGlite has none (decision record 016).
  const stopKeepingStatistics = keepStatistics(backgroundDb);
  return handle({ db, backgroundDb, requestStarted: lanes.requestStarted }, 'pglite', async () => {
    stopKeepingStatistics();
    await backgroundDb.destroy();
  });
}

/**
 * PGlite holds every page in memory, so a page read at random costs what one read in order does; PostgreSQL's
 * default (`random_page_cost = 4`, a disk's ratio) made lookups by key look dearer than reading a whole table, and the
 * planner chose scans that grow with every user (decision record 016, "Planner costs"). PostgreSQL proper keeps its
 * operator's setting.
 */
const EMBEDDED_PLANNER_COSTS = ['-c', 'random_page_cost=1.1'] as const;

/** The names of the statements run as prepared statements on PostgreSQL, by their text (`prepareOnEachConnection`). */
const preparedNames = new Map<string, string>();

/**
 * Runs this statement as a named prepared statement on PostgreSQL: each connection parses and plans it once instead of
 * on every run, which for the session read of the busiest requests cost the database more than running it. Only for a
 * fixed set of statements (each connection keeps every one it prepared), naming their columns rather than `*`: a
 * prepared statement whose result columns change (a migration adding one) fails instead of planning again.
 */
export function prepareOnEachConnection(statement: string): void {
  if (!preparedNames.has(statement)) preparedNames.set(statement, `breaker_${preparedNames.size + 1}`);
}

/** node-postgres prepares a statement once per connection when the query names it: the pool names the chosen ones. */
function preparingPool(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  // Kysely passes a cursor only when its dialect names a cursor class, which this one does not.
  const named = (client: pg.PoolClient): PostgresPoolClient => ({
    query: ((text: string, values: readonly unknown[]) =>
      client.query({ text, values: [...values], name: preparedNames.get(text) })) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    async connect() {
      const client = await pool.connect();
      let adapted = clients.get(client);
      if (!adapted) {
        adapted = named(client);
        clients.set(client, adapted);
      }
      return adapted;
    },
    end: () => pool.end(),
  };
}

function handle(
  lanes: Pick<DatabaseHandle, 'db' | 'backgroundDb' | 'requestStarted'>,
  kind: DatabaseConfig['kind'],
  beforeClose: () => void | Promise<void> = () => {},
): DatabaseHandle {
  const { db } = lanes;
  return {
    ...lanes,
    kind,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await beforeClose();
      await db.destroy();
    },
  };
}
