import { TEST_MODE_HEADER } from '@breaker/api-contract';
import { ServerError } from '../../errors';
import { isTestMode } from '../../test-mode';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** POST to one of the REST endpoints; a non-ok answer throws with the server's `message`. */
export async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', ...(isTestMode ? { [TEST_MODE_HEADER]: 'true' } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const data = parseJson(text);
  if (!response.ok) {
    const message =
      typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
        ? data.message
        : `${response.status}: ${text || response.statusText}`;
    throw new ServerError(response.status, message);
  }
  return data as T;
}
