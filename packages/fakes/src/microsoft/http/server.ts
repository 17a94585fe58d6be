import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { matchRoute, type Route } from '../../google/http/router.js';
import { queryRecord, type RecordedCall } from '../../google/state/call-log.js';
import { graphError } from '../graph/graph-errors.js';
import type { FaultPlan } from '../state/faults.js';
import { MicrosoftError, sendJson } from './respond.js';

/** Paths of the fake's own JSON admin: never logged as Microsoft calls, never failed or delayed. */
export const ADMIN_PREFIX = '/__fake/';

export interface Pipeline {
  microsoftRoutes: readonly Route[];
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

/** The handler runs as usual; what it writes reaches the client only after `ms` (or never, if the client gave up). */
function holdAnswer(response: ServerResponse, ms: number, stopping: AbortSignal): void {
  const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
  response.end = ((...args: unknown[]) => {
    sleep(ms, undefined, { signal: stopping }).then(
      () => end(...args),
      () => response.destroy(),
    );
    return response;
  }) as ServerResponse['end'];
}

/** Each request: log it, apply any scheduled hang or failure, then route it. */
async function answer(
  pipeline: Pipeline,
  request: IncomingMessage,
  response: ServerResponse,
  stopping: AbortSignal,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://fake-microsoft.invalid');
  const method = request.method ?? 'GET';
  const path = decodedPath(url.pathname);
  const admin = url.pathname.startsWith(ADMIN_PREFIX);
  if (!admin) pipeline.calls.push({ method, path, query: queryRecord(url.searchParams), at: new Date() });
  const hang = admin ? undefined : pipeline.faults.takeHang(path);
  if (hang && !hang.afterHandling) await sleep(hang.ms, undefined, { signal: stopping });
  if (hang?.afterHandling) holdAnswer(response, hang.ms, stopping);
  const failure = admin ? undefined : pipeline.faults.takeFailure(path);
  if (failure) throw failure;
  let matched: ReturnType<typeof matchRoute>;
  try {
    matched = matchRoute(admin ? pipeline.adminRoutes : pipeline.microsoftRoutes, method, url.pathname);
  } catch {
    matched = undefined;
  }
  if (!matched) throw graphError(400, 'BadRequest', `Resource not found for the segment '${path.split('/').pop() ?? ''}'.`);
  await matched.route.handle({ request, response, url, params: matched.params });
}

function handler(pipeline: Pipeline, stopping: AbortSignal) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    if (pipeline.logger) {
      const { logger } = pipeline;
      response.on('finish', () =>
        logger.info({ method: request.method, path: request.url?.split('?')[0], status: response.statusCode }, 'fake-microsoft'),
      );
    }
    answer(pipeline, request, response, stopping).catch((error: unknown) => {
      if (stopping.aborted) {
        response.destroy();
      } else if (error instanceof MicrosoftError) {
        sendJson(response, error.status, error.body, error.headers);
      } else {
        pipeline.logger?.error({ err: error }, 'fake-microsoft handler failed');
        const failure = graphError(500, 'generalException', 'An unexpected error occurred.');
        sendJson(response, failure.status, failure.body);
      }
    });
  };
}

export async function startServer(pipeline: Pipeline, port: number, host: string): Promise<RunningServer> {
  const stopping = new AbortController();
  const server = createServer(handler(pipeline, stopping.signal));
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
