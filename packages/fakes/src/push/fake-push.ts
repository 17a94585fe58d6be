import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decryptAes128gcm, generateUserAgentKeys, type UserAgentKeys } from './aes128gcm.js';
import { checkVapid, type VapidClaims } from './vapid.js';

/** What a browser hands to the application: `PushSubscription.toJSON()`. */
export interface FakeSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** A push the fake took: decrypted, with its headers and VAPID claims, and when it arrived. */
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
  deliveries(endpoint?: string): Delivery[];
  rejections(endpoint?: string): Rejection[];
  close(): Promise<void>;
}

interface Subscriber {
  keys: UserAgentKeys;
  answers: ScriptedAnswer[];
  expired: boolean;
}

const PUSH_PATH = /^\/push\/([0-9a-f-]{36})$/;
/** `POST /__fake/subscriptions` answers `subscribe()`; `GET /__fake/deliveries?endpoint=` answers `deliveries()`. */
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
 * A Web Push service on loopback (see README.md): RFC 8030 message delivery at `POST /push/<id>`, VAPID (RFC 8292)
 * checked, the aes128gcm body (RFC 8291, RFC 8188) decrypted with the subscription's own keys, and answers scripted per
 * endpoint for the failure cases.
 */
export async function startFakePushService(): Promise<FakePushService> {
  const subscribers = new Map<string, Subscriber>();
  const deliveries: Delivery[] = [];
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
    const vapid = checkVapid(request.headers.authorization, origin, Math.floor(at.getTime() / 1000));
    if (!vapid.ok) return refuse(response, { subscriptionId: id, at, status: 403, reason: vapid.reason });
    let payload: unknown;
    try {
      payload = JSON.parse(decryptAes128gcm(body, subscriber.keys).toString('utf8'));
    } catch (error) {
      return refuse(response, { subscriptionId: id, at, status: 400, reason: `cannot decrypt: ${(error as Error).message}` });
    }
    const urgency = request.headers['urgency'];
    deliveries.push({
      subscriptionId: id,
      endpoint: `${origin}/push/${id}`,
      at,
      ttl,
      urgency: Array.isArray(urgency) ? urgency[0] : urgency,
      claims: vapid.claims,
      vapidKey: vapid.publicKey,
      payload,
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
    if (request.method === 'GET' && url.pathname === `${ADMIN_PREFIX}/deliveries`)
      return json(service.deliveries(url.searchParams.get('endpoint') ?? undefined));
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
    deliveries: (endpoint) => deliveries.filter((d) => endpoint === undefined || d.subscriptionId === idOf(endpoint)),
    rejections: (endpoint) => rejections.filter((r) => endpoint === undefined || r.subscriptionId === idOf(endpoint)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return service;
}
