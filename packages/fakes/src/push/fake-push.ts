import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decryptAes128gcm, generateUserAgentKeys, type UserAgentKeys } from './aes128gcm.js';
import { vapidChecker, type VapidClaims } from './vapid.js';

/** What a browser hands to the application: `PushSubscription.toJSON()`. */
export interface FakeSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** A push the fake took, decrypted when read, with its headers and VAPID claims, and when it arrived. */
export interface Delivery {
  subscriptionId: string;
  endpoint: string;
  at: Date;
  ttl: number;
  urgency: string | undefined;
  claims: VapidClaims;
  /** The application server's public key from `k=`. */
  vapidKey: string;
  payload: unknown;
}

/** A push the fake refused, and why (bad VAPID, bad encryption, unknown subscription, a scripted answer). */
export interface Rejection {
  subscriptionId: string;
  at: Date;
  status: number;
  reason: string;
}

/** An answer to script: a status, and for 429/503 the Retry-After seconds to send. */
export interface ScriptedAnswer {
  status: number;
  retryAfterSeconds?: number;
}

export interface FakePushService {
  readonly origin: string;
  /** A new subscription, as a browser would get from this push service. */
  subscribe(): FakeSubscription;
  /** The next pushes to this endpoint get these answers, in order; the ones after are taken (201). */
  script(endpoint: string, ...answers: ScriptedAnswer[]): void;
  /** The endpoint no longer exists: every push gets 410 Gone. */
  expire(endpoint: string): void;
  /** The pushes taken (to this endpoint), each decrypted as its browser would; throws for one that does not decrypt. */
  deliveries(endpoint?: string): Delivery[];
  /** How many pushes were taken (to this endpoint), without decrypting them. */
  deliveryCount(endpoint?: string): number;
  rejections(endpoint?: string): Rejection[];
  close(): Promise<void>;
}

interface Subscriber {
  keys: UserAgentKeys;
  answers: ScriptedAnswer[];
  expired: boolean;
}

/** A push as taken: still encrypted, as a push service keeps it; `payload` once it was first read. */
interface Taken extends Omit<Delivery, 'payload'> {
  body: Buffer;
  keys: UserAgentKeys;
  payload?: { value: unknown };
}

/** The largest body taken (RFC 8030 §7.2: at least 4096 bytes must be; FCM and autopush take no more). */
const MAX_BODY_BYTES = 4096;
const PUSH_PATH = /^\/push\/([0-9a-f-]{36})$/;
/**
 * `POST /__fake/subscriptions` answers `subscribe()`, `GET /__fake/deliveries?endpoint=` answers `deliveries()` and
 * `GET /__fake/deliveries/count?endpoint=` answers `deliveryCount()`.
 */
const ADMIN_PREFIX = '/__fake';

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * Decrypts a taken push with its subscription's keys, once (RFC 8291 is end to end: the browser decrypts, not the
 * push service, so the fake does it when a test reads the message rather than as it takes it).
 */
function opened(taken: Taken): Delivery {
  if (!taken.payload) {
    try {
      taken.payload = { value: JSON.parse(decryptAes128gcm(taken.body, taken.keys).toString('utf8')) };
    } catch (error) {
      throw new Error(`the push to ${taken.endpoint} does not decrypt: ${(error as Error).message}`);
    }
  }
  const { subscriptionId, endpoint, at, ttl, urgency, claims, vapidKey } = taken;
  return { subscriptionId, endpoint, at, ttl, urgency, claims, vapidKey, payload: taken.payload.value };
}

/**
 * A Web Push service on loopback (see README.md): RFC 8030 message delivery at `POST /push/<id>`, VAPID (RFC 8292)
 * checked as each push arrives, the aes128gcm body (RFC 8291, RFC 8188) kept as sent and decrypted with the
 * subscription's own keys when it is read, and answers scripted per endpoint for the failure cases.
 */
export async function startFakePushService(): Promise<FakePushService> {
  const subscribers = new Map<string, Subscriber>();
  const taken: Taken[] = [];
  const checkVapid = vapidChecker();
  const rejections: Rejection[] = [];
  let origin = '';

  const refuse = (response: http.ServerResponse, rejection: Rejection, headers: Record<string, string> = {}) => {
    rejections.push(rejection);
    response.writeHead(rejection.status, { 'content-type': 'text/plain', ...headers }).end(rejection.reason);
  };

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    if (request.url?.startsWith(ADMIN_PREFIX)) return administer(request, response);
    const id = PUSH_PATH.exec(request.url ?? '')?.[1];
    const body = await readBody(request);
    const at = new Date();
    const subscriber = id ? subscribers.get(id) : undefined;
    if (request.method !== 'POST' || !id)
      return refuse(response, { subscriptionId: id ?? '', at, status: 404, reason: 'not a push resource' });
    if (!subscriber || subscriber.expired)
      return refuse(response, { subscriptionId: id, at, status: 410, reason: 'the subscription is gone' });
    const scripted = subscriber.answers.shift();
    if (scripted) {
      const headers: Record<string, string> =
        scripted.retryAfterSeconds === undefined ? {} : { 'retry-after': String(scripted.retryAfterSeconds) };
      return refuse(response, { subscriptionId: id, at, status: scripted.status, reason: 'scripted answer' }, headers);
    }
    const ttl = Number(request.headers['ttl']);
    if (!/^\d+$/.test(String(request.headers['ttl'] ?? '')))
      return refuse(response, { subscriptionId: id, at, status: 400, reason: 'no TTL header' });
    if (request.headers['content-encoding'] !== 'aes128gcm') {
      return refuse(response, { subscriptionId: id, at, status: 415, reason: 'the body is not aes128gcm' });
    }
    if (body.length > MAX_BODY_BYTES) {
      return refuse(response, { subscriptionId: id, at, status: 413, reason: `the body is over ${MAX_BODY_BYTES} bytes` });
    }
    const vapid = checkVapid(request.headers.authorization, origin, Math.floor(at.getTime() / 1000));
    if (!vapid.ok) return refuse(response, { subscriptionId: id, at, status: 403, reason: vapid.reason });
    const urgency = request.headers['urgency'];
    taken.push({
      subscriptionId: id,
      endpoint: `${origin}/push/${id}`,
      at,
      ttl,
      urgency: Array.isArray(urgency) ? urgency[0] : urgency,
      claims: vapid.claims,
      vapidKey: vapid.publicKey,
      body,
      keys: subscriber.keys,
    });
    response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
  }

  /** The control surface over HTTP, for a fake started in another process (the end-to-end stacks). */
  function administer(request: http.IncomingMessage, response: http.ServerResponse): void {
    const url = new URL(request.url ?? '/', origin);
    const json = (value: unknown): void => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    };
    if (request.method === 'POST' && url.pathname === `${ADMIN_PREFIX}/subscriptions`) return json(service.subscribe());
    const endpoint = url.searchParams.get('endpoint') ?? undefined;
    if (request.method === 'GET' && url.pathname === `${ADMIN_PREFIX}/deliveries`) return json(service.deliveries(endpoint));
    if (request.method === 'GET' && url.pathname === `${ADMIN_PREFIX}/deliveries/count`) {
      return json({ count: service.deliveryCount(endpoint) });
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('no such admin call');
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const idOf = (endpoint: string) => PUSH_PATH.exec(new URL(endpoint).pathname)?.[1] ?? endpoint;
  const subscriberOf = (endpoint: string) => {
    const subscriber = subscribers.get(idOf(endpoint));
    if (!subscriber) throw new Error(`no subscription ${endpoint}`);
    return subscriber;
  };
  const takenBy = (endpoint: string | undefined) =>
    taken.filter((t) => endpoint === undefined || t.subscriptionId === idOf(endpoint));
  const service: FakePushService = {
    origin,
    subscribe() {
      const id = randomUUID();
      const keys = generateUserAgentKeys();
      subscribers.set(id, { keys, answers: [], expired: false });
      return {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: keys.publicKey.toString('base64url'), auth: keys.authSecret.toString('base64url') },
      };
    },
    script(endpoint, ...answers) {
      subscriberOf(endpoint).answers.push(...answers);
    },
    expire(endpoint) {
      subscriberOf(endpoint).expired = true;
    },
    deliveries: (endpoint) => takenBy(endpoint).map(opened),
    deliveryCount: (endpoint) => takenBy(endpoint).length,
    rejections: (endpoint) => rejections.filter((r) => endpoint === undefined || r.subscriptionId === idOf(endpoint)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return service;
}
