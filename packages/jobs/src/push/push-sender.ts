import type { PushPayload } from '@breaker/api-contract';
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import webpush from 'web-push';
import { guardedLookup, isRefusedLiteral, PRIVATE_ADDRESS_CODE } from '../net/public-address.js';
import type { VapidKeys } from './vapid-keys.js';

/** A stored subscription, its auth secret opened, ready to encrypt for. */
export interface PushTarget {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a push service said to one push. */
export type PushOutcome =
  | { kind: 'sent' }
  /** 404 or 410: the subscription is no more. */
  | { kind: 'gone' }
  /** 429, 5xx or no answer: worth another try, after the service's Retry-After when it gave one. */
  | { kind: 'retry'; afterMs: number | undefined; reason: string }
  /** Refused for good (another 4xx, a refused address). */
  | { kind: 'failed'; reason: string };

export interface PushSender {
  readonly publicKey: string;
  /**
   * Encrypts `payload` for the target now, for a later `send` of the same payload to the same device (a reminder's,
   * ahead of its time); the send still decides whether it goes, and encrypts afresh when nothing was prepared.
   */
  prepare(target: PushTarget, payload: PushPayload): Promise<void>;
  send(
    target: PushTarget,
    payload: PushPayload,
    options: { ttlSeconds: number; urgency: 'normal' | 'high' },
  ): Promise<PushOutcome>;
}

export interface PushSenderSettings {
  vapid: VapidKeys;
  /** The VAPID `sub`: mailto: or https:. */
  contact: string;
  /** ALLOW_PRIVATE_PUSH_ENDPOINTS: http and loopback or private addresses (tests only). */
  allowPrivateEndpoints: boolean;
  timeoutMs?: number;
}

const TIMEOUT_MS = 10_000;
/** A VAPID JWT is signed for this long (RFC 8292 allows up to 24 h) and used again until an hour before it ends. */
const VAPID_VALID_S = 12 * 60 * 60;
const VAPID_RENEW_BEFORE_S = 60 * 60;
/** Push services are a handful of origins; endpoints are the users', so the cache is bounded all the same. */
const VAPID_CACHE_LIMIT = 100;
/** Connections kept open to each push service, so a burst of reminders does not open (and handshake) one per push. */
const SOCKETS_PER_SERVICE = 50;

/** How long pushes may encrypt back to back before the event loop gets a turn (see encryptionTurns). */
const ENCRYPTION_SLICE_MS = 4;

/**
 * Turns of the event loop for encrypting pushes (an ECDH key pair and agreement, HKDF, AES-GCM: a large share of a
 * millisecond each): encryption goes on for a few milliseconds at most, then waits for the loop's next turn. A burst
 * of thousands of pushes then leaves room, every few milliseconds, for whatever else the process serves (the API's own
 * requests, when it runs the jobs itself), however long its other work makes a turn. The pushes' network waits still
 * overlap; only their encryption takes turns.
 */
function encryptionTurns(): () => Promise<void> {
  let sliceEnds = Number.NEGATIVE_INFINITY;
  let renewing = false;
  const renew = () => {
    if (renewing) return;
    renewing = true;
    setImmediate(() => {
      renewing = false;
      sliceEnds = performance.now() + ENCRYPTION_SLICE_MS;
    });
  };
  return async () => {
    while (performance.now() >= sliceEnds) {
      renew();
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
}

/** Bodies encrypted ahead are kept this long at most (a reminder is prepared minutes ahead), and this many at once. */
const PREPARED_FOR_MS = 10 * 60_000;
const PREPARED_LIMIT = 50_000;

interface Encrypted {
  headers: Record<string, string | number>;
  body: Buffer;
}

/**
 * Pushes encrypted ahead of their time, each used once: the key names the device (and its key) and the exact payload,
 * so a break that moved or changed asks for another and finds none.
 */
function preparedBodies() {
  const bodies = new Map<string, Encrypted & { until: number }>();
  const keyOf = (target: PushTarget, payload: PushPayload) => `${target.id} ${target.p256dh} ${JSON.stringify(payload)}`;
  return {
    has: (target: PushTarget, payload: PushPayload) => bodies.has(keyOf(target, payload)),
    put(target: PushTarget, payload: PushPayload, encrypted: Encrypted): void {
      const now = Date.now();
      if (bodies.size >= PREPARED_LIMIT) for (const [key, { until }] of bodies) if (until <= now) bodies.delete(key);
      if (bodies.size < PREPARED_LIMIT) bodies.set(keyOf(target, payload), { ...encrypted, until: now + PREPARED_FOR_MS });
    },
    take(target: PushTarget, payload: PushPayload): Encrypted | undefined {
      const key = keyOf(target, payload);
      const found = bodies.get(key);
      bodies.delete(key);
      return found && found.until > Date.now() ? found : undefined;
    },
  };
}

/** Seconds or an HTTP date, as RFC 9110 allows; undefined when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function outcomeOf(status: number, retryAfter: string | undefined): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'gone' };
  if (status === 429 || status >= 500) return { kind: 'retry', afterMs: retryAfterMs(retryAfter), reason: `answered ${status}` };
  return { kind: 'failed', reason: `answered ${status}` };
}

/**
 * Web Push with the web-push library doing the protocol (RFC 8291 aes128gcm encryption, RFC 8292 VAPID with the
 * endpoint's origin as `aud`), and this module the connection: http only when private endpoints are allowed, and the
 * address checked on the very socket that connects, as for calendar feeds.
 */
export function createPushSender(settings: PushSenderSettings): PushSender {
  const timeout = settings.timeoutMs ?? TIMEOUT_MS;
  const authorization = vapidAuthorizations(settings);
  const turn = encryptionTurns();
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_SERVICE }),
    https: new https.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_SERVICE }),
  };
  const prepared = preparedBodies();
  const encrypt = async (target: PushTarget, payload: PushPayload): Promise<Encrypted> => {
    await turn();
    const subscription = { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } };
    // TTL, Urgency and Authorization are set as it is sent: only the body and its own headers are kept.
    const { headers, body } = webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
      contentEncoding: 'aes128gcm',
      headers: { Authorization: '' },
    });
    return { headers, body };
  };
  const refused = (endpoint: string) => {
    const url = new URL(endpoint);
    const allowed = url.protocol === 'https:' || (settings.allowPrivateEndpoints && url.protocol === 'http:');
    return !allowed || isRefusedLiteral(url, settings.allowPrivateEndpoints);
  };
  return {
    publicKey: settings.vapid.publicKey,
    async prepare(target, payload) {
      if (refused(target.endpoint) || prepared.has(target, payload)) return;
      prepared.put(target, payload, await encrypt(target, payload));
    },
    async send(target, payload, options) {
      if (refused(target.endpoint)) return { kind: 'failed', reason: 'endpoint refused' };
      const url = new URL(target.endpoint);
      const { headers, body } = prepared.take(target, payload) ?? (await encrypt(target, payload));
      const sent = {
        ...headers,
        TTL: options.ttlSeconds,
        Urgency: options.urgency,
        Authorization: authorization(url.origin),
      };
      const agent = url.protocol === 'https:' ? agents.https : agents.http;
      return post(url, sent, body, { agent, allowPrivate: settings.allowPrivateEndpoints, timeout });
    },
  };
}

/**
 * The VAPID `Authorization` for a push service's origin (the JWT's `aud`): signed once and used for every push to that
 * service while it is valid, rather than an ES256 signature per push.
 */
function vapidAuthorizations(settings: PushSenderSettings): (origin: string) => string {
  const signed = new Map<string, { header: string; renewAt: number }>();
  return (origin) => {
    const now = Math.floor(Date.now() / 1000);
    const cached = signed.get(origin);
    if (cached && now < cached.renewAt) return cached.header;
    if (signed.size >= VAPID_CACHE_LIMIT) signed.clear();
    const { publicKey, privateKey } = settings.vapid;
    const expiration = now + VAPID_VALID_S;
    const header = webpush.getVapidHeaders(
      origin,
      settings.contact,
      publicKey,
      privateKey,
      'aes128gcm',
      expiration,
    ).Authorization;
    signed.set(origin, { header, renewAt: expiration - VAPID_RENEW_BEFORE_S });
    return header;
  };
}

interface Connection {
  agent: http.Agent;
  allowPrivate: boolean;
  timeout: number;
}

function post(url: URL, headers: Record<string, string | number>, body: Buffer, connection: Connection): Promise<PushOutcome> {
  const client = url.protocol === 'https:' ? https : http;
  const { agent, allowPrivate, timeout } = connection;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      // A kept connection was checked by the lookup when it connected; a new one is checked the same way.
      { method: 'POST', headers, lookup: guardedLookup(allowPrivate), timeout, agent },
      (response) => {
        response.resume();
        const retryAfter = response.headers['retry-after'];
        resolve(outcomeOf(response.statusCode ?? 0, Array.isArray(retryAfter) ? retryAfter[0] : retryAfter));
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A refused address stays refused; a network failure may pass.
      if (error.code === PRIVATE_ADDRESS_CODE) resolve({ kind: 'failed', reason: 'private address refused' });
      else resolve({ kind: 'retry', afterMs: undefined, reason: error.code ?? error.message });
    });
    request.end(body);
  });
}
