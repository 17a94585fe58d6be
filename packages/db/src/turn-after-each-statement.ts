import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * The embedded database answers inside the API's own thread, with no I/O between a statement and the next: a job
 * awaiting twenty statements in a row would hold the event loop for all twenty, and every request that arrived
 * meanwhile (even one that needs no database) would wait for the last. PostgreSQL's answers arrive from the network, so
 * the loop turns between statements by itself. This gives the embedded one the same turn: each statement's result is
 * handed back only after the event loop has served what arrived while it ran.
 */
export class TurnAfterEachStatement implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    await new Promise<void>((resume) => setImmediate(resume));
    return args.result;
  }
}
