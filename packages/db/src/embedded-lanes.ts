import type { PGlite } from '@electric-sql/pglite';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { performance } from 'node:perf_hooks';

/** Whose statement waits for the embedded database: a person's request, or work no one is waiting on. */
export type Lane = 'foreground' | 'background';

/**
 * Foreground statements served in a row at most while background ones wait: people go first, but a steady stream of
 * requests cannot hold a reminder or a refresh back for ever.
 */
export const FOREGROUND_TURNS_IN_A_ROW = 8;
/** A request holds background statements back for this long at most: a slow one (a provider's answer) stops no job. */
export const REQUEST_HOLD_MS = 100;
/** The longest a background statement waits for requests being served before it goes all the same. */
export const BACKGROUND_WAIT_MS = 50;
/**
 * How long the embedded database's statements may hold the thread before the event loop gets a turn: a request that
 * arrives meanwhile waits this long, plus the statement running, at most.
 */
export const HOLD_MS = 5;

/**
 * The embedded database's one connection, handed out one holder at a time: to a foreground waiter first, unless
 * `FOREGROUND_TURNS_IN_A_ROW` foreground holders went in a row while a background one waited.
 */
export function connectionTurns() {
  let held = false;
  let foregroundInARow = 0;
  const waiting: Record<Lane, (() => void)[]> = { foreground: [], background: [] };
  const nextWaiter = (): (() => void) | undefined => {
    const backgroundsTurn = foregroundInARow >= FOREGROUND_TURNS_IN_A_ROW && waiting.background.length > 0;
    const foreground = backgroundsTurn ? undefined : waiting.foreground.shift();
    foregroundInARow = foreground ? foregroundInARow + 1 : 0;
    return foreground ?? waiting.background.shift();
  };
  return {
    async take(lane: Lane): Promise<void> {
      if (!held) {
        held = true;
        foregroundInARow = lane === 'foreground' ? foregroundInARow + 1 : 0;
        return;
      }
      await new Promise<void>((start) => waiting[lane].push(start));
    },
    give(): void {
      const next = nextWaiter();
      if (next) next();
      else held = false;
    },
    foregroundWaiting: (): boolean => waiting.foreground.length > 0,
  };
}

/**
 * The requests the process is serving. A request's own statements are few and short, but each also waits for turns
 * of the event loop, which PGlite's statements hold: background statements wait while one is served (each at most
 * `BACKGROUND_WAIT_MS`), so a request's second statement does not queue behind a job's that started after its first.
 */
export function requestsBeingServed() {
  let serving = 0;
  const waiters = new Set<() => void>();
  const wakeIfQuiet = () => {
    if (serving > 0) return;
    for (const wake of waiters) wake();
    waiters.clear();
  };
  return {
    /** Marks a request as being served, until the function answered is called or `REQUEST_HOLD_MS` passed. */
    started(): () => void {
      serving += 1;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearTimeout(timer);
        serving -= 1;
        wakeIfQuiet();
      };
      const timer = setTimeout(end, REQUEST_HOLD_MS).unref();
      return end;
    },
    /** Resolves once no request is being served, or after `BACKGROUND_WAIT_MS`. */
    quiet(): Promise<void> {
      if (serving === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, BACKGROUND_WAIT_MS).unref();
        waiters.add(wake);
      });
    },
  };
}

/**
 * PGlite answers inside the API's own thread, with no I/O between a statement and the next: a job awaiting twenty
 * statements in a row would hold the event loop for all twenty, and every request that arrived meanwhile (even one
 * that needs no database) would wait for the last. PostgreSQL's answers arrive from the network, so the loop turns
 * between statements by itself. This gives the embedded one that turn, once statements (of either lane: one thread)
 * have held the thread for `HOLD_MS` since the last: a statement's result is handed back after the event loop has
 * served what arrived while it ran. Cheap statements in a row share one turn, which a turn after each would cost them
 * in throughput (4 % for key lookups). When a request's statement waits for the connection, the result is handed back
 * at once instead: a turn would hold the connection from it for a whole turn of a busy loop, and the connection goes to
 * it when released.
 */
export function turnsOfTheLoop(turns: Pick<ConnectionTurns, 'foregroundWaiting'>) {
  let lastTurn = performance.now();
  return async function afterStatement(): Promise<void> {
    if (performance.now() - lastTurn < HOLD_MS || turns.foregroundWaiting()) return;
    await new Promise<void>((resume) => setImmediate(resume));
    lastTurn = performance.now();
  };
}

type ConnectionTurns = ReturnType<typeof connectionTurns>;
type RequestsBeingServed = ReturnType<typeof requestsBeingServed>;
type AfterStatement = ReturnType<typeof turnsOfTheLoop>;

/** PGlite's connection, its results handed back after the loop's turn when one is due (`turnsOfTheLoop`). */
class TurningConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly afterStatement: AfterStatement,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    await this.afterStatement();
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** PGlite's driver checks that what it is given back is its own connection. */
const innerOf = (connection: DatabaseConnection) => (connection instanceof TurningConnection ? connection.inner : connection);

/** PGlite's own driver, its connection taken in `lane`'s turn. Only the foreground lane's driver closes the database. */
class LaneDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly lane: Lane,
    private readonly turns: ConnectionTurns,
    private readonly requests: RequestsBeingServed,
    private readonly afterStatement: AfterStatement,
  ) {}

  init = () => this.inner.init();

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.lane === 'background') await this.requests.quiet();
    await this.turns.take(this.lane);
    return new TurningConnection(await this.inner.acquireConnection(), this.afterStatement);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(innerOf(connection));
    this.turns.give();
  }

  beginTransaction = (connection: DatabaseConnection, settings: TransactionSettings) =>
    this.inner.beginTransaction(innerOf(connection), settings);
  commitTransaction = (connection: DatabaseConnection) => this.inner.commitTransaction(innerOf(connection));
  rollbackTransaction = (connection: DatabaseConnection) => this.inner.rollbackTransaction(innerOf(connection));

  async destroy(): Promise<void> {
    if (this.lane === 'foreground') await this.inner.destroy();
  }
}

/**
 * Two dialects over one PGlite, which runs every statement on the API's own thread, one at a time: people's requests
 * (foreground) are served before the statements of jobs run in the same process (background), so a burst of reminders
 * does not put every request behind its queue (docs/decisions/018-embedded-lanes.md), and the event loop gets its
 * turns between statements of either lane (`turnsOfTheLoop`). `requestStarted` is the API's mark of a request being
 * served.
 */
export function embeddedLanes(pglite: PGlite): Record<Lane, Dialect> & { requestStarted: () => () => void } {
  const turns = connectionTurns();
  const requests = requestsBeingServed();
  const afterStatement = turnsOfTheLoop(turns);
  const lane = (name: Lane): Dialect => {
    const dialect = new PGliteDialect(pglite);
    return {
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => new LaneDriver(dialect.createDriver(), name, turns, requests, afterStatement),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    };
  };
  return {
    foreground: lane('foreground'),
    background: lane('background'),
    requestStarted: requests.started,
  };
}
