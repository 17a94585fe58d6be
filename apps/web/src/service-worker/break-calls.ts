import { laterTime } from './push-message';

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

/** Moves the break 10 minutes later (the calendar's Reschedule call); the server refuses a slot that is not free. */
export async function moveBreakLater(breakId: string, now: number): Promise<string> {
  const breaks = (await (await send('/api/upcoming-breaks', { method: 'GET' })).json()) as {
    id: string;
    scheduledTime: string;
  }[];
  const session = breaks.find((candidate) => candidate.id === breakId);
  if (!session) throw new BreakCallError('That break is no longer on your schedule.');
  const scheduledTime = laterTime(session.scheduledTime, now);
  await send('/trpc/breaks.reschedule', {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ id: breakId, scheduledTime }),
  });
  return scheduledTime;
}
