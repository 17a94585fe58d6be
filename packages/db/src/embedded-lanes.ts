import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseConnection, Dialect, Driver, TransactionSettings } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';

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

type ConnectionTurns = ReturnType<typeof connectionTurns>;
type RequestsBeingServed = ReturnType<typeof requestsBeingServed>;

/** PGlite's own driver, its connection taken in `lane`'s turn. Only the foreground lane's driver closes the database. */
class LaneDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly lane: Lane,
    private readonly turns: ConnectionTurns,
    private readonly requests: RequestsBeingServed,
  ) {}

  init = () => this.inner.init();

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.lane === 'background') await this.requests.quiet();
    await this.turns.take(this.lane);
    return this.inner.acquireConnection();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(connection);
    this.turns.give();
  }

  beginTransaction = (connection: DatabaseConnection, settings: TransactionSettings) =>
    this.inner.beginTransaction(connection, settings);
  commitTransaction = (connection: DatabaseConnection) => this.inner.commitTransaction(connection);
  rollbackTransaction = (connection: DatabaseConnection) => this.inner.rollbackTransaction(connection);

  async destroy(): Promise<void> {
    if (this.lane === 'foreground') await this.inner.destroy();
  }
}

/**
 * Two dialects over one PGlite, which runs every statement on the API's own thread, one at a time: people's requests
 * (foreground) are served before the statements of jobs run in the same process (background), so a burst of reminders
 * does not put every request behind its queue (docs/decisions/018-embedded-lanes.md). `requestStarted` is the API's
 * mark of a request being served.
 */
export function embeddedLanes(
  pglite: PGlite,
): Record<Lane, Dialect> & { requestStarted: () => () => void; requestWaiting: () => boolean } {
  const turns = connectionTurns();
  const requests = requestsBeingServed();
  const lane = (name: Lane): Dialect => {
    const dialect = new PGliteDialect(pglite);
    return {
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => new LaneDriver(dialect.createDriver(), name, turns, requests),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    };
  };
  return {
    foreground: lane('foreground'),
    background: lane('background'),
    requestStarted: requests.started,
    requestWaiting: turns.foregroundWaiting,
  };
}
