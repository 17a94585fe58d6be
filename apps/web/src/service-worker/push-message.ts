/** What a push from the server says (the contract's payload); anything else in the message is ignored. */
export interface PushMessage {
  title: string;
  body: string;
  kind: 'break-reminder' | 'test';
  tag?: string;
  breakId?: string;
  /** A path on this site; a push can never send the user elsewhere. */
  url: string;
}

export const ICON_URL = '/icons/icon-192.png';
export const BADGE_URL = '/icons/badge-96.png';

/** The buttons of a break's reminder; a click on the notification's body starts the break like "Start". */
export const BREAK_ACTIONS = [
  { action: 'start', title: 'Start' },
  { action: 'later', title: 'Later' },
  { action: 'skip', title: 'Skip' },
] as const;

export type BreakAction = (typeof BREAK_ACTIONS)[number]['action'];

const MAX_TEXT = 300;

function textOf(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.slice(0, MAX_TEXT) : fallback;
}

/** Only a same-site path is followed; anything else opens the app's home. */
export function sameSitePath(value: unknown, origin: string): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return '/';
  const url = new URL(value, origin);
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : '/';
}

/** Reads a push's data: JSON per the contract, or plain text from an older server; never throws. */
export function readPushMessage(data: { text(): string } | null, origin: string): PushMessage {
  let raw: Record<string, unknown> = {};
  const text = data?.text() ?? '';
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    raw = { body: text };
  }
  const breakId = typeof raw['breakId'] === 'string' ? raw['breakId'] : undefined;
  return {
    title: textOf(raw['title'], 'Breaker'),
    body: textOf(raw['body'], ''),
    kind: raw['kind'] === 'break-reminder' && breakId ? 'break-reminder' : 'test',
    tag: typeof raw['tag'] === 'string' ? raw['tag'] : undefined,
    breakId,
    url: sameSitePath(raw['url'], origin),
  };
}

/** What the notification holds for its click: where to go, and which break its buttons act on. */
export interface NotificationData {
  url: string;
  breakId?: string;
}

/**
 * The system notification for a push: a break's reminder gets its buttons, a test only its text. A browser that
 * shows fewer buttons (Chromium shows two) drops "Start", which a click on the notification itself does.
 */
export function notificationFor(
  message: PushMessage,
  maxActions: number,
): {
  title: string;
  options: NotificationOptions & { actions?: { action: string; title: string }[] };
} {
  const data: NotificationData = { url: message.url, breakId: message.breakId };
  return {
    title: message.title,
    options: {
      body: message.body,
      icon: ICON_URL,
      badge: BADGE_URL,
      tag: message.tag ?? (message.breakId ? `break-${message.breakId}` : 'breaker-test'),
      data,
      ...(message.kind === 'break-reminder'
        ? { actions: BREAK_ACTIONS.slice(Math.max(0, BREAK_ACTIONS.length - maxActions)).map((action) => ({ ...action })) }
        : {}),
    },
  };
}

/** Which button was pressed: a click on the body (or an unknown button) counts as "Start". */
export function chosenAction(action: string): BreakAction {
  return action === 'later' || action === 'skip' ? action : 'start';
}
