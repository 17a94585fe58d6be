import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { performance } from 'node:perf_hooks';

/**
 * How long the embedded database's statements may hold the thread before the event loop gets a turn: a request that
 * arrives meanwhile waits this long, plus the statement running, at most.
 */
export const HOLD_MS = 5;

/**
 * The embedded database answers inside the API's own thread, with no I/O between a statement and the next: a job
 * awaiting twenty statements in a row would hold the event loop for all twenty, and every request that arrived
 * meanwhile (even one that needs no database) would wait for the last. PostgreSQL's answers arrive from the network, so
 * the loop turns between statements by itself. This gives the embedded one that turn, once its statements have held
 * the thread for `HOLD_MS` since the last one: a statement's result is handed back after the event loop has served what
 * arrived while it ran. Cheap statements in a row share one turn, which a turn after each would cost them in
 * throughput (4 % for key lookups).
 */
export class TurnBetweenStatements implements KyselyPlugin {
  #lastTurn = performance.now();

  /**
   * @param requestWaiting Whether a request's statement waits for the connection: the turn would then hold the
   * connection from it for a whole turn of a busy loop, so the statement's result is handed back at once and the
   * connection goes to that request when released (embedded-lanes.ts).
   */
  constructor(private readonly requestWaiting: () => boolean = () => false) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (performance.now() - this.#lastTurn >= HOLD_MS && !this.requestWaiting()) {
      await new Promise<void>((resume) => setImmediate(resume));
      this.#lastTurn = performance.now();
    }
    return args.result;
  }
}
