import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpErrorResponse } from '../../http/error-response.js';
import { readText as readBody } from '../../http/request-body.js';

/** Graph and the identity platform answer JSON with this content type. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** A response Microsoft would send instead of a result; handlers throw it from any depth and the server writes it. */
export class MicrosoftError extends HttpErrorResponse {
  constructor(status: number, body: unknown, headers: Readonly<Record<string, string>> = {}) {
    super('Microsoft', status, body, headers);
    this.name = 'MicrosoftError';
  }
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  response.writeHead(status, { 'cache-control': 'no-store', ...headers, 'content-type': JSON_TYPE });
  response.end(JSON.stringify(body));
}

export function sendNoContent(response: ServerResponse): void {
  response.writeHead(204, { 'cache-control': 'no-store' });
  response.end();
}

/** The request body as text; one over the bound is refused as Graph refuses it. */
export function readText(request: IncomingMessage): Promise<string> {
  return readBody(request, () => new MicrosoftError(413, { error: { code: 'RequestEntityTooLarge', message: 'Too large' } }));
}
