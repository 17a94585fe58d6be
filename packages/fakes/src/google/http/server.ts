import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { backendError } from '../google-api-errors.js';
import { queryRecord, type RecordedCall } from '../state/call-log.js';
import type { FaultPlan } from '../state/faults.js';
import { ErrorResponse } from './error-response.js';
import { sendHtml, sendJson } from './respond.js';
import { matchRoute, type Route } from './router.js';

/** Paths of the fake's own JSON admin: never logged as Google calls, never failed or delayed. */
export const ADMIN_PREFIX = '/__fake/';

export interface Pipeline {
  googleRoutes: readonly Route[];
  adminRoutes: readonly Route[];
  faults: FaultPlan;
  calls: RecordedCall[];
  logger?: Logger;
}

export interface RunningServer {
  origin: string;
  close(): Promise<void>;
}

function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** Google answers an unknown path with an HTML 404 page, not a JSON error. */
function notFoundPage(response: ServerResponse): void {
  sendHtml(response, 404, '<!doctype html><title>Error 404 (Not Found)!!1</title><p><b>404.</b> That’s an error.</p>');
}

/** Each request: log it, apply any scheduled hang or failure, then route it. */
async function answer(
  pipeline: Pipeline,
  request: IncomingMessage,
  response: ServerResponse,
  stopping: AbortSignal,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://fake-google.invalid');
  const method = request.method ?? 'GET';
  const path = decodedPath(url.pathname);
  const admin = url.pathname.startsWith(ADMIN_PREFIX);
  if (!admin) pipeline.calls.push({ method, path, query: queryRecord(url.searchParams), at: new Date() });
  const hang = admin ? undefined : pipeline.faults.takeHang(path);
  if (hang !== undefined) await sleep(hang, undefined, { signal: stopping });
  const failure = admin ? undefined : pipeline.faults.takeFailure(path);
  if (failure) throw failure;
  let matched: ReturnType<typeof matchRoute>;
  try {
    matched = matchRoute(admin ? pipeline.adminRoutes : pipeline.googleRoutes, method, url.pathname);
  } catch {
    // A malformed percent-escape in a path segment names nothing the fake has.
    matched = undefined;
  }
  if (!matched) return notFoundPage(response);
  await matched.route.handle({ request, response, url, params: matched.params });
}

function handler(pipeline: Pipeline, stopping: AbortSignal) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    if (pipeline.logger) {
      const { logger } = pipeline;
      response.on('finish', () =>
        logger.info({ method: request.method, url: request.url, status: response.statusCode }, 'fake-google'),
      );
    }
    answer(pipeline, request, response, stopping).catch((error: unknown) => {
      if (stopping.aborted) {
        response.destroy();
      } else if (error instanceof ErrorResponse) {
        sendJson(response, error.status, error.body, { headers: error.headers });
      } else {
        pipeline.logger?.error({ err: error, url: request.url }, 'fake-google handler failed');
        const failure = backendError(500, {});
        sendJson(response, failure.status, failure.body);
      }
    });
  };
}

export async function startServer(pipeline: Pipeline, port: number, host: string): Promise<RunningServer> {
  const stopping = new AbortController();
  const server: Server = createServer(handler(pipeline, stopping.signal));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: boundPort } = server.address() as AddressInfo;
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  return {
    origin: `http://${hostInUrl}:${boundPort}`,
    close: async () => {
      stopping.abort();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
