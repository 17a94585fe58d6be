import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { hasOperatorAccess, OPERATOR_CHALLENGE } from './operator-access.js';

export interface MetricsServerOptions {
  host: string;
  port: number;
  /** Unset: `/metrics` answers 404, as on the API. */
  operatorToken: string | undefined;
  registry: Registry;
  /** Whether the worker can do its work (database and Redis answer): the container's health check. */
  healthy: () => Promise<boolean>;
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** The worker has no HTTP API, so it serves its health and, for Prometheus, its metrics on a port of its own. */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET') return sendJson(response, 405, { message: 'Only GET is served here' });
    if (path === '/health') {
      return void options.healthy().then(
        (ok) =>
          sendJson(
            response,
            ok ? 200 : 503,
            ok ? { status: 'ok' } : { message: 'The worker cannot reach its database or Redis' },
          ),
        () => sendJson(response, 503, { message: 'The worker cannot reach its database or Redis' }),
      );
    }
    if (path !== '/metrics' || !options.operatorToken) return sendJson(response, 404, { message: 'Not found' });
    if (!hasOperatorAccess(request.headers.authorization, options.operatorToken)) {
      response.setHeader('www-authenticate', OPERATOR_CHALLENGE);
      return sendJson(response, 401, { message: 'The operator token is missing or wrong' });
    }
    return void options.registry.metrics().then(
      (body) => {
        response.writeHead(200, { 'content-type': options.registry.contentType, 'cache-control': 'no-store' });
        response.end(body);
      },
      () => sendJson(response, 503, { message: 'Metrics could not be collected' }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function sendJson(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}
