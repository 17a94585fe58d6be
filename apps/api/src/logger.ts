import { loggerOptions } from '@breaker/api-contract/config';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, type Logger } from 'pino';
import type { Config } from './env.js';

export function createLogger(config: Pick<Config, 'logLevel'>, service: string): Logger {
  return pino(loggerOptions(config, service));
}

/**
 * One line per request, written once its response is sent: Fastify's default writes another as it arrives, which on
 * the busiest routes costs as much again and says nothing this one does not. The line names the route pattern and the
 * path without its query string, where reset tokens and OAuth codes travel, and never headers (cookies, Authorization).
 * The request id comes from the request's logger.
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'requestId' });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const query = request.url.indexOf('?');
    const line = {
      method: request.method,
      url: query === -1 ? request.url : request.url.slice(0, query),
      route: request.routeOptions.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
