import type { Logger } from 'pino';
import type { RecordedCall } from '../../http/call-log.js';
import type { Route } from '../../http/router.js';
import { startServer as startFakeServer, type RunningServer } from '../../http/server.js';
import { backendError } from '../google-api-errors.js';
import type { FaultPlan } from '../state/faults.js';
import { sendHtml, sendJson } from './respond.js';

export { ADMIN_PREFIX, type RunningServer } from '../../http/server.js';

export interface Pipeline {
  googleRoutes: readonly Route[];
  adminRoutes: readonly Route[];
  faults: FaultPlan;
  calls: RecordedCall[];
  logger?: Logger;
}

/** The fake Google on the shared plumbing (../../http/server.ts), answering errors as Google does. */
export function startServer(pipeline: Pipeline, port: number, host: string): Promise<RunningServer> {
  return startFakeServer(
    {
      name: 'fake-google',
      routes: pipeline.googleRoutes,
      adminRoutes: pipeline.adminRoutes,
      faults: pipeline.faults,
      calls: pipeline.calls,
      logger: pipeline.logger,
      // Google answers an unknown path with an HTML 404 page, not a JSON error.
      notFound: (response) =>
        sendHtml(response, 404, '<!doctype html><title>Error 404 (Not Found)!!1</title><p><b>404.</b> That’s an error.</p>'),
      internalError: () => backendError(500, {}),
      sendError: (response, error) => sendJson(response, error.status, error.body, { headers: error.headers }),
      logged: (request) => ({ url: request.url }),
    },
    port,
    host,
  );
}
