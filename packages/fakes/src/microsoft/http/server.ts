import type { Logger } from 'pino';
import type { RecordedCall } from '../../http/call-log.js';
import type { Route } from '../../http/router.js';
import { startServer as startFakeServer, type RunningServer } from '../../http/server.js';
import { graphError } from '../graph/graph-errors.js';
import type { FaultPlan } from '../state/faults.js';
import { sendJson } from './respond.js';

export { ADMIN_PREFIX, type RunningServer } from '../../http/server.js';

export interface Pipeline {
  microsoftRoutes: readonly Route[];
  adminRoutes: readonly Route[];
  faults: FaultPlan;
  calls: RecordedCall[];
  logger?: Logger;
}

/** The fake Microsoft on the shared plumbing (../../http/server.ts), answering errors as Graph does. */
export function startServer(pipeline: Pipeline, port: number, host: string): Promise<RunningServer> {
  return startFakeServer(
    {
      name: 'fake-microsoft',
      routes: pipeline.microsoftRoutes,
      adminRoutes: pipeline.adminRoutes,
      faults: pipeline.faults,
      calls: pipeline.calls,
      logger: pipeline.logger,
      notFound: (_response, path) => {
        throw graphError(400, 'BadRequest', `Resource not found for the segment '${path.split('/').pop() ?? ''}'.`);
      },
      internalError: () => graphError(500, 'generalException', 'An unexpected error occurred.'),
      sendError: (response, error) => sendJson(response, error.status, error.body, error.headers),
      // Authorization codes travel in query strings: the log keeps the path only.
      logged: (request) => ({ path: request.url?.split('?')[0] }),
    },
    port,
    host,
  );
}
