import type { IncomingMessage } from 'node:http';
import { readText } from '../../http/request-body.js';
import { ErrorResponse } from './error-response.js';

const readBody = (request: IncomingMessage) =>
  readText(request, () => new ErrorResponse(413, { error: { code: 413, message: 'Request Entity Too Large' } }));

function isJson(request: IncomingMessage): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().includes('application/json');
}

/** OAuth endpoints take `application/x-www-form-urlencoded`; Google also accepts a JSON object, so both are read. */
export async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const text = await readBody(request);
  if (!isJson(request)) return new URLSearchParams(text);
  const form = new URLSearchParams();
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    if (parsed && typeof parsed === 'object') {
      for (const [name, value] of Object.entries(parsed)) if (typeof value === 'string') form.set(name, value);
    }
  } catch {
    // An unreadable JSON body carries no parameters; the endpoint then reports what is missing.
  }
  return form;
}

/** A JSON request body; `onUnreadable` builds the error the calling API sends for malformed JSON. */
export async function readJson(request: IncomingMessage, onUnreadable: () => ErrorResponse): Promise<unknown> {
  const text = await readBody(request);
  try {
    return JSON.parse(text);
  } catch {
    throw onUnreadable();
  }
}
