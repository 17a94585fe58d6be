import type { IncomingMessage, ServerResponse } from 'node:http';

/** Graph and the identity platform answer JSON with this content type. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** A response Microsoft would send instead of a result; handlers throw it from any depth and the server writes it. */
export class MicrosoftError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`Microsoft would answer ${status}: ${JSON.stringify(body)}`);
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

/** The sign-in page the browser sees: no scripts, nothing loaded from elsewhere. */
export function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  response.end(html);
}

export function redirect(response: ServerResponse, location: string): void {
  response.writeHead(302, { location, 'cache-control': 'no-store' });
  response.end();
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Enough for any event or token request; a larger body is a client bug, not something to buffer. */
const MAX_BODY_BYTES = 1_000_000;

export async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new MicrosoftError(413, { error: { code: 'RequestEntityTooLarge', message: 'Too large' } });
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
