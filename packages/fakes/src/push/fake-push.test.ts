import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePushService, type FakePushService } from './fake-push.js';
import { vapidChecker } from './vapid.js';

/** An application server's VAPID key pair, and a JWT signed with it (RFC 8292 §2), built here from node:crypto. */
function applicationServer() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const k = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  return {
    authorization(claims: { aud: string; exp: number; sub: string }): string {
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const unsigned = `${encode({ typ: 'JWT', alg: 'ES256' })}.${encode(claims)}`;
      const signature = sign('sha256', Buffer.from(unsigned), { key: privateKey, dsaEncoding: 'ieee-p1363' });
      return `vapid t=${unsigned}.${signature.toString('base64url')}, k=${k.toString('base64url')}`;
    },
  };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('fake push service: what it checks as a push arrives, and what it decrypts when read', () => {
  let service: FakePushService;
  const server = applicationServer();
  const claims = () => ({ aud: service.origin, exp: nowSeconds() + 3600, sub: 'mailto:push@localhost' });
  const push = (endpoint: string, headers: Record<string, string>, body = Buffer.alloc(120, 1)) =>
    fetch(endpoint, {
      method: 'POST',
      headers: { ttl: '60', 'content-encoding': 'aes128gcm', authorization: server.authorization(claims()), ...headers },
      body,
    });

  beforeAll(async () => {
    service = await startFakePushService();
  });
  afterAll(() => service?.close());

  it('takes a push with valid VAPID as sent, and refuses to hand it out when it does not decrypt', async () => {
    const { endpoint } = service.subscribe();
    const response = await push(endpoint, {});
    expect(response.status).toBe(201);
    expect(service.deliveryCount(endpoint)).toBe(1);
    // The body is not a message encrypted for this subscription: reading it is where that shows.
    expect(() => service.deliveries(endpoint)).toThrow(/does not decrypt/);
    const overHttp = await fetch(`${service.origin}/__fake/deliveries/count?endpoint=${encodeURIComponent(endpoint)}`);
    expect(await overHttp.json()).toEqual({ count: 1 });
  });

  it('refuses a bad signature, another audience, a missing TTL, another encoding or a body over 4096 bytes', async () => {
    const { endpoint } = service.subscribe();
    const other = applicationServer().authorization(claims());
    const forged = server.authorization(claims()).replace(/, k=.*$/, other.slice(other.indexOf(', k=')));
    const statuses = [
      (await push(endpoint, { authorization: forged })).status,
      (await push(endpoint, { authorization: server.authorization({ ...claims(), aud: 'https://elsewhere' }) })).status,
      (await push(endpoint, { ttl: '' })).status,
      (await push(endpoint, { 'content-encoding': 'aesgcm' })).status,
      (await push(endpoint, {}, Buffer.alloc(4097, 1))).status,
    ];
    expect(statuses).toEqual([403, 403, 400, 415, 413]);
    expect(service.rejections(endpoint).map((r) => r.reason)).toEqual([
      'the JWT signature does not match k',
      `aud is https://elsewhere, not ${service.origin}`,
      'no TTL header',
      'the body is not aes128gcm',
      'the body is over 4096 bytes',
    ]);
    expect(service.deliveryCount(endpoint)).toBe(0);
  });

  it('answers gone and scripted statuses before it looks at the push', async () => {
    const { endpoint } = service.subscribe();
    service.script(endpoint, { status: 429, retryAfterSeconds: 3 }, { status: 500 });
    const limited = await push(endpoint, {});
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '3']);
    expect((await push(endpoint, {})).status).toBe(500);
    service.expire(endpoint);
    expect((await push(endpoint, {})).status).toBe(410);
  });
});

describe('VAPID checker', () => {
  const origin = 'https://push.example';
  const server = applicationServer();

  it('checks a token it has seen before against the time of each push: once expired, it is refused', () => {
    const check = vapidChecker();
    const now = nowSeconds();
    const header = server.authorization({ aud: origin, exp: now + 60, sub: 'mailto:push@localhost' });
    expect(check(header, origin, now)).toMatchObject({ ok: true, claims: { aud: origin, exp: now + 60 } });
    expect(check(header, origin, now + 30)).toMatchObject({ ok: true });
    expect(check(header, origin, now + 60)).toEqual({ ok: false, reason: 'the JWT has expired' });
    expect(check(header, 'https://other.example', now)).toMatchObject({ ok: false });
  });

  it('remembers a bad signature as bad', () => {
    const check = vapidChecker();
    const header = server.authorization({ aud: origin, exp: nowSeconds() + 60, sub: 'mailto:push@localhost' });
    const tampered = header.replace(/\.([^.]+), k=/, (_, signature: string) => `.${signature.slice(0, -4)}AAAA, k=`);
    expect(check(tampered, origin, nowSeconds())).toEqual({ ok: false, reason: 'the JWT signature does not match k' });
    expect(check(tampered, origin, nowSeconds())).toEqual({ ok: false, reason: 'the JWT signature does not match k' });
    expect(check(header, origin, nowSeconds())).toMatchObject({ ok: true });
  });
});
