import { startServer as startFakeServer, type ListenOptions, type RunningServer, type ServiceState } from '../../http/server.js';
import { graphError } from '../graph/graph-errors.js';
import { sendJson } from './respond.js';

/** The fake Microsoft on the shared plumbing (../../http/server.ts), answering errors as Graph does. */
export function startServer(service: ServiceState, listen: ListenOptions): Promise<RunningServer> {
  return startFakeServer(
    {
      ...service,
      name: 'fake-microsoft',
      notFound: (_response, path) => {
        throw graphError(400, 'BadRequest', `Resource not found for the segment '${path.split('/').pop() ?? ''}'.`);
      },
      internalError: () => graphError(500, 'generalException', 'An unexpected error occurred.'),
      sendError: (response, error) => sendJson(response, error.status, error.body, error.headers),
      // Authorization codes travel in query strings: the log keeps the path only.
      logged: (request) => ({ path: request.url?.split('?')[0] }),
    },
    listen,
  );
}
