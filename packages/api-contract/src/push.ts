import { z } from 'zod';
import { text } from './text.js';

/** How many minutes before a break its reminder goes out (Settings offers these; 1 unless chosen). */
export const REMINDER_LEAD_OPTIONS = [0, 1, 5] as const;
export const DEFAULT_REMINDER_LEAD_MINUTES = 1;

/** The longest push endpoint taken: push services' URLs are a few hundred characters. */
const ENDPOINT_MAX = 1024;

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

/** Bytes of a base64url text, or undefined when it is not base64url (atob: the same in browsers and Node). */
export function base64urlBytes(value: string): Uint8Array | undefined {
  if (!BASE64URL.test(value)) return undefined;
  const unpadded = value.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) return undefined;
  const binary = atob(unpadded.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** A base64url key of a fixed length; `check` looks at its bytes. */
function base64urlKey(what: string, length: number, check: (bytes: Uint8Array) => boolean = () => true) {
  const message = `${what} must be ${length} bytes, base64url-encoded`;
  return text({ min: 1, max: 128, required: message, tooLong: message }).refine((value) => {
    const bytes = base64urlBytes(value);
    return bytes !== undefined && bytes.length === length && check(bytes);
  }, message);
}

/** The subscription's P-256 public key: an uncompressed point (0x04, then x and y). */
const p256dhKey = base64urlKey('keys.p256dh', 65, (bytes) => bytes[0] === 4);
const authSecret = base64urlKey('keys.auth', 16);

const endpoint = text({ min: 1, max: ENDPOINT_MAX, required: 'A push subscription needs its endpoint' }).refine(
  (value) => URL.canParse(value),
  'The push endpoint must be a URL',
);

/** POST /api/push/subscriptions: what the browser's `PushSubscription.toJSON()` gives. */
export const pushSubscriptionInput = z.object({
  endpoint,
  expirationTime: z.number().int().min(0).max(8.64e15).nullable().optional(),
  keys: z.object({ p256dh: p256dhKey, auth: authSecret }, { error: 'A push subscription needs its keys (p256dh and auth)' }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/**
 * DELETE /api/push/subscriptions: the device by its endpoint (what this browser knows) or by its id (what Settings lists
 * for every device), one of the two.
 */
export const pushDeviceRemoval = z
  .object({ endpoint: endpoint.optional(), id: z.uuid('That device id is not valid').optional() })
  .refine(
    (removal) => (removal.endpoint === undefined) !== (removal.id === undefined),
    'Say which device to remove: its endpoint or its id',
  );
export type PushDeviceRemoval = z.infer<typeof pushDeviceRemoval>;

/** One of the user's devices as Settings lists it: never its keys. */
export const pushDevice = z.object({
  id: z.string(),
  /** Read from the browser's User-Agent when it subscribed, e.g. "Firefox on Android". */
  label: z.string(),
  createdAt: z.string(),
  /** The last time a push service took a notification for it. */
  lastSuccessAt: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDevice>;

export const pushPublicKey = z.object({ publicKey: z.string() });
export const pushSubscribed = z.object({ id: z.string() });
export const pushTestResult = z.object({ sent: z.number().int() });

/**
 * The decrypted payload of every push, what the service worker reads: it shows `title` and `body` under `tag` (a
 * later push with the same tag replaces the notification) and opens `url` when the notification is clicked.
 */
export const pushPayload = z.object({
  kind: z.enum(['break-reminder', 'test']),
  title: z.string(),
  body: z.string(),
  tag: z.string(),
  /** Same-origin: the app's path that opens the guided session of this break (or the dashboard for a test). */
  url: z.string(),
  breakId: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayload>;

/** The page that opens a break's guided session; the web app reads `break` from the query. */
export function breakSessionPath(breakId: string): string {
  return `/?break=${encodeURIComponent(breakId)}`;
}

/** The notification tag of a break's reminder: one notification per break, however often it is sent. */
export function breakReminderTag(breakId: string): string {
  return `break-${breakId}`;
}
