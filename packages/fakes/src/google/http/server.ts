import { startServer as startFakeServer, type ListenOptions, type RunningServer, type ServiceState } from '../../http/server.js';
import { sendHtml } from '../../http/browser-page.js';
import { backendError } from '../google-api-errors.js';
import { sendJson } from './respond.js';

/** The fake Google on the shared plumbing (../../http/server.ts), answering errors as Google does. */
export function startServer(service: ServiceState, listen: ListenOptions): Promise<RunningServer> {
  return startFakeServer(
    {
      ...service,
      name: 'fake-google',
      // Google answers an unknown path with an HTML 404 page, not a JSON error.
      notFound: (response) =>
        sendHtml(response, 404, '<!doctype html><title>Error 404 (Not Found)!!1</title><p><b>404.</b> That’s an error.</p>'),
      internalError: () => backendError(500, {}),
      sendError: (response, error) => sendJson(response, error.status, error.body, { headers: error.headers }),
      logged: (request) => ({ url: request.url }),
    },
    listen,
  );
}
