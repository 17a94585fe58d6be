import type { ServerResponse } from 'node:http';

/** Google's JSON content type, byte for byte: clients and tests compare it. */
export const GOOGLE_JSON = 'application/json; charset=UTF-8';

/** The headers captured on a real Calendar API response (reference/responses/…observed-headers.json), minus transport ones. */
const GOOGLE_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-cache, no-store, max-age=0, must-revalidate',
  expires: 'Mon, 01 Jan 1990 00:00:00 GMT',
  pragma: 'no-cache',
  server: 'ESF',
  vary: 'Origin, X-Origin, Referer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'x-xss-protection': '0',
};

export interface JsonOptions {
  headers?: Readonly<Record<string, string>>;
  /** Google pretty-prints unless the request says `prettyPrint=false`. */
  pretty?: boolean;
}

export function sendJson(response: ServerResponse, status: number, body: unknown, options: JsonOptions = {}): void {
  const text = options.pretty === false ? JSON.stringify(body) : `${JSON.stringify(body, null, 2)}\n`;
  response.writeHead(status, { ...GOOGLE_HEADERS, ...options.headers, 'content-type': GOOGLE_JSON });
  response.end(text);
}

export function sendNoContent(response: ServerResponse): void {
  response.writeHead(204, GOOGLE_HEADERS);
  response.end();
}

/** Pages the browser sees (consent, OAuth errors): no scripts, nothing loaded from elsewhere. */
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
