import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { queryRecord, type RecordedCall } from './call-log.js';
import { HttpErrorResponse } from './error-response.js';
import type { HangRule } from './faults.js';
import { matchRoute, type Route } from './router.js';

/** Paths of a fake's own JSON admin: never logged as the service's calls, never failed or delayed. */
export const ADMIN_PREFIX = '/__fake/';

/** What one running fake holds: its routes, its state of faults and calls. */
export interface ServiceState {
  routes: readonly Route[];
  /** The `/__fake/` control surface, served only on a loopback address: it needs no credentials. */
  adminRoutes: readonly Route[];
  faults: { takeHang(path: string): HangRule | undefined; takeFailure(path: string): HttpErrorResponse | undefined };
  calls: RecordedCall[];
}

/** Where a fake listens, and where it logs. */
export interface ListenOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default `127.0.0.1`. The `/__fake/` admin is served only on a loopback address. */
  host?: string;
  /** Logs each request at info level. */
  logger?: Logger;
}

/** What one fake service is: its state, and how the real service answers errors. */
export interface Pipeline extends ServiceState {
  /** `fake-google`, `fake-microsoft`: the tag of its log lines. */
  name: string;
  logger?: Logger;
  /** What the service answers for a path it does not have (it may throw an HttpErrorResponse). */
  notFound(response: ServerResponse, path: string): void;
  /** The service's answer when the fake itself fails. */
  internalError(): HttpErrorResponse;
  /** Writes an error as the service writes its errors. */
  sendError(response: ServerResponse, error: HttpErrorResponse): void;
  /** The request as its log lines show it (one service's query strings carry codes worth keeping out of logs). */
  logged(request: IncomingMessage): Record<string, unknown>;
}

export interface RunningServer {
  origin: string;
  close(): Promise<void>;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
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
  const url = new URL(request.url ?? '/', `http://${pipeline.name}.invalid`);
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
    matched = matchRoute(admin ? pipeline.adminRoutes : pipeline.routes, method, url.pathname);
  } catch {
    // A malformed percent-escape in a path segment names nothing the fake has.
    matched = undefined;
  }
  if (!matched) return pipeline.notFound(response, path);
  await matched.route.handle({ request, response, url, params: matched.params });
}

function handler(pipeline: Pipeline, stopping: AbortSignal) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    if (pipeline.logger) {
      const { logger } = pipeline;
      response.on('finish', () =>
        logger.info({ method: request.method, ...pipeline.logged(request), status: response.statusCode }, pipeline.name),
      );
    }
    answer(pipeline, request, response, stopping).catch((error: unknown) => {
      if (stopping.aborted) {
        response.destroy();
      } else if (error instanceof HttpErrorResponse) {
        pipeline.sendError(response, error);
      } else {
        pipeline.logger?.error({ err: error, ...pipeline.logged(request) }, `${pipeline.name} handler failed`);
        pipeline.sendError(response, pipeline.internalError());
      }
    });
  };
}

export async function startServer(pipeline: Pipeline, listen: ListenOptions): Promise<RunningServer> {
  const { port = 0, host = '127.0.0.1', logger } = listen;
  const stopping = new AbortController();
  const served = { ...pipeline, logger, adminRoutes: isLoopback(host) ? pipeline.adminRoutes : [] };
  const server = createServer(handler(served, stopping.signal));
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

/** A fake's parts: its state (told its origin once it listens), faults, routes, and the control surface over them. */
export interface FakeParts<Faults extends ServiceState['faults'], Control extends object> {
  state: { origin: string };
  faults: Faults;
  routes: readonly Route[];
  control(faults: Faults, calls: RecordedCall[]): Control;
  adminRoutes(control: Control): readonly Route[];
  /** The service's own server (its error pages, its log lines). */
  serve(service: ServiceState, listen: ListenOptions): Promise<RunningServer>;
}

/** Starts a fake from its parts, recording every call; the running fake is its control surface with an origin. */
export async function startFake<Faults extends ServiceState['faults'], Control extends object>(
  parts: FakeParts<Faults, Control>,
  listen: ListenOptions,
): Promise<Control & RunningServer> {
  const calls: RecordedCall[] = [];
  const control = parts.control(parts.faults, calls);
  const server = await parts.serve(
    { routes: parts.routes, adminRoutes: parts.adminRoutes(control), faults: parts.faults, calls },
    listen,
  );
  parts.state.origin = server.origin;
  return { ...control, origin: server.origin, close: server.close };
}
