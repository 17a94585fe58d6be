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
