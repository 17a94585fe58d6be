/**
 * A notification's "Later" and "Skip" act without opening a window: the same calls the calendar makes, sent from the
 * worker with the user's own session cookie (and, being state-changing, with the site's Origin, which the server checks).
 * Nothing here is cached: every call goes to the network.
 */
const CALL: RequestInit = { credentials: 'same-origin', cache: 'no-store' };
const JSON_HEADERS = { 'content-type': 'application/json' };

/** What the server said went wrong, in its own words when it gave any. */
async function failureMessage(response: Response): Promise<string> {
  const answer: unknown = await response.json().catch(() => undefined);
  const body = answer as { message?: unknown; error?: { message?: unknown } } | undefined;
  const message = body?.message ?? body?.error?.message;
  return typeof message === 'string' ? message : `The server answered ${response.status}`;
}

export class BreakCallError extends Error {}

async function send(url: string, init: RequestInit): Promise<Response> {
  const response = await fetch(url, { ...CALL, ...init });
  if (!response.ok) throw new BreakCallError(await failureMessage(response));
  return response;
}

export async function skipBreak(breakId: string): Promise<void> {
  await send(`/api/break-sessions/${encodeURIComponent(breakId)}`, {
    method: 'PATCH',
    headers: JSON_HEADERS,
    body: JSON.stringify({ skipped: true }),
  });
}

/** "Later": the server moves the break to the next free time at least 10 minutes on, by the same rules as every move. */
export async function moveBreakLater(breakId: string): Promise<void> {
  await send(`/api/break-sessions/${encodeURIComponent(breakId)}/later`, { method: 'POST' });
}
