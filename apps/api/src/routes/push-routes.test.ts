import { startFakePushService, type FakePushService } from '@breaker/fakes/push';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForSuite, ORIGIN, TestClient } from '../app.test-support.js';

const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';

describe('Web Push subscriptions and the test notification', () => {
  let service: FakePushService;
  const subject = appForSuite('postgres', { env: { ALLOW_PRIVATE_PUSH_ENDPOINTS: 'true' } });
  // Without ALLOW_PRIVATE_PUSH_ENDPOINTS: only public https endpoints.
  const strict = appForSuite('pglite');
  let client: TestClient;

  beforeAll(async () => {
    service = await startFakePushService();
    client = new TestClient(subject.app);
    await client.registerAndSignIn('pushy');
  }, 120_000);
  afterAll(async () => {
    await service?.close();
  });

  const subscribe = (as: TestClient, body: unknown, app = subject.app) =>
    app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      remoteAddress: as.address,
      headers: { cookie: as.cookieHeader(), origin: ORIGIN, 'content-type': 'application/json', 'user-agent': FIREFOX_ANDROID },
      payload: JSON.stringify(body),
    });

  it('gives the VAPID public key to anyone', async () => {
    const response = await new TestClient(subject.app).request('GET', '/api/push/public-key');
    expect(response.statusCode).toBe(200);
    const key = Buffer.from(response.json<{ publicKey: string }>().publicKey, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });

  it('keeps the reminder lead time (0, 1 or 5 minutes, 1 unless chosen) and the calendar alerts switch', async () => {
    expect((await client.request('GET', '/api/user/preferences')).json()).toMatchObject({
      reminderLeadMinutes: 1,
      calendarAlertsEnabled: true,
    });
    const saved = await client.request('PUT', '/api/user/preferences', { preferences: { reminderLeadMinutes: 5 } });
    expect(saved.json()).toMatchObject({ reminderLeadMinutes: 5 });
    for (const lead of [2, -1, 1.5, '5']) {
      const refused = await client.request('PUT', '/api/user/preferences', { preferences: { reminderLeadMinutes: lead } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(/0, 1 or 5/);
    }
    await client.request('PUT', '/api/user/preferences', { preferences: { reminderLeadMinutes: 1 } });
  });

  it('stores a subscription, lists it without keys, updates it when sent again, and sends the test to it', async () => {
    const device = service.subscribe();
    const first = await subscribe(client, device);
    expect(first.statusCode).toBe(201);
    const { id } = first.json<{ id: string }>();
    expect((await subscribe(client, device)).json()).toEqual({ id });

    const listed = await client.request('GET', '/api/push/subscriptions');
    expect(listed.json()).toEqual([{ id, label: 'Firefox on Android', createdAt: expect.any(String), lastSuccessAt: null }]);
    expect(listed.body).not.toContain(device.keys.auth);
    expect(listed.body).not.toContain(device.keys.p256dh);

    const tested = await client.request('POST', '/api/push/test');
    expect(tested.json()).toEqual({ sent: 1 });
    const [delivery] = service.deliveries(device.endpoint);
    const publicKey = (await client.request('GET', '/api/push/public-key')).json<{ publicKey: string }>().publicKey;
    expect(delivery).toMatchObject({
      vapidKey: publicKey,
      claims: { aud: service.origin, sub: 'mailto:push@localhost' },
      payload: { kind: 'test', title: expect.any(String), body: expect.any(String), url: '/settings' },
    });
    const after = await client.request('GET', '/api/push/subscriptions');
    expect(after.json<{ lastSuccessAt: string | null }[]>()[0]!.lastSuccessAt).not.toBeNull();

    const removed = await client.request('DELETE', '/api/push/subscriptions', { endpoint: device.endpoint });
    expect(removed.statusCode).toBe(204);
    expect((await client.request('GET', '/api/push/subscriptions')).json()).toEqual([]);
  });

  it('moves an endpoint subscribed again by someone else to them', async () => {
    const device = service.subscribe();
    await subscribe(client, device);
    const other = new TestClient(subject.app);
    await other.registerAndSignIn('pushy-two');
    expect((await subscribe(other, device)).statusCode).toBe(201);
    expect((await client.request('GET', '/api/push/subscriptions')).json()).toEqual([]);
    expect((await other.request('GET', '/api/push/subscriptions')).json()).toHaveLength(1);
  });

  it('removes a device whose push service answers 404 or 410', async () => {
    const other = new TestClient(subject.app);
    await other.registerAndSignIn('pushy-gone');
    const device = service.subscribe();
    await subscribe(other, device);
    service.expire(device.endpoint);
    expect((await other.request('POST', '/api/push/test')).json()).toEqual({ sent: 0 });
    expect((await other.request('GET', '/api/push/subscriptions')).json()).toEqual([]);
  });

  it("removes any of the user's devices by its id, and never another user's", async () => {
    const owner = new TestClient(subject.app);
    await owner.registerAndSignIn('pushy-owner');
    const intruder = new TestClient(subject.app);
    await intruder.registerAndSignIn('pushy-intruder');
    const phone = (await subscribe(owner, service.subscribe())).json<{ id: string }>().id;
    const laptop = (await subscribe(owner, service.subscribe())).json<{ id: string }>().id;

    const refused = await intruder.request('DELETE', '/api/push/subscriptions', { id: phone });
    expect(refused.statusCode).toBe(204);
    expect((await owner.request('GET', '/api/push/subscriptions')).json<{ id: string }[]>().map((d) => d.id)).toEqual([
      phone,
      laptop,
    ]);
    const viaTrpc = await intruder.request('POST', '/trpc/push.unsubscribe', { id: laptop });
    expect(viaTrpc.statusCode).toBe(200);
    expect((await owner.request('GET', '/api/push/subscriptions')).json()).toHaveLength(2);

    expect((await owner.request('DELETE', '/api/push/subscriptions', { id: phone })).statusCode).toBe(204);
    expect((await owner.request('GET', '/api/push/subscriptions')).json<{ id: string }[]>().map((d) => d.id)).toEqual([laptop]);
    expect((await owner.request('POST', '/trpc/push.unsubscribe', { id: laptop })).statusCode).toBe(200);
    expect((await owner.request('GET', '/api/push/subscriptions')).json()).toEqual([]);
  });

  it('refuses a removal naming no device, both ways, or a malformed id, with a message', async () => {
    const device = service.subscribe();
    for (const body of [{}, { id: 'not-an-id' }, { endpoint: device.endpoint, id: '7f1c6a1e-4b8e-4a36-9d5e-2f1f2b0c9a10' }]) {
      const response = await client.request('DELETE', '/api/push/subscriptions', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/\S/);
    }
  });

  it('limits test notifications per user with a 429 and a message, the same through tRPC', async () => {
    const tester = new TestClient(subject.app);
    await tester.registerAndSignIn('pushy-tester');
    await subscribe(tester, service.subscribe());
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) answers.push((await tester.request('POST', '/api/push/test')).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await tester.request('POST', '/api/push/test');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(/\S/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await tester.request('POST', '/trpc/push.test', {})).statusCode).toBe(429);
    // Another user is not slowed by this one.
    const neighbour = new TestClient(subject.app, tester.address);
    await neighbour.registerAndSignIn('pushy-neighbour');
    await subscribe(neighbour, service.subscribe());
    expect((await neighbour.request('POST', '/api/push/test')).json()).toEqual({ sent: 1 });
  });

  it('refuses malformed subscriptions with a message', async () => {
    const device = service.subscribe();
    const bad = [
      {},
      { endpoint: 'not a url', keys: device.keys },
      { endpoint: device.endpoint },
      { endpoint: device.endpoint, keys: { p256dh: device.keys.p256dh.slice(0, 40), auth: device.keys.auth } },
      { endpoint: device.endpoint, keys: { p256dh: `C${device.keys.p256dh.slice(1)}`, auth: device.keys.auth } },
      { endpoint: device.endpoint, keys: { p256dh: device.keys.p256dh, auth: `${device.keys.auth}AAAA` } },
      { endpoint: device.endpoint, keys: { p256dh: device.keys.p256dh, auth: '!!!!!!!!!!!!!!!!!!!!!!' } },
      { endpoint: 'ftp://push.example/x', keys: device.keys },
      { ...device, expirationTime: 'soon' },
    ];
    for (const body of bad) {
      const response = await subscribe(client, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/\S/);
    }
  });

  it('refuses the signed out (401) and other sites (403)', async () => {
    const device = service.subscribe();
    const stranger = new TestClient(subject.app);
    expect((await subscribe(stranger, device)).statusCode).toBe(401);
    expect((await stranger.request('GET', '/api/push/subscriptions')).statusCode).toBe(401);
    expect((await stranger.request('POST', '/api/push/test')).statusCode).toBe(401);
    const foreign = await subject.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie: client.cookieHeader(), origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify(device),
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('without ALLOW_PRIVATE_PUSH_ENDPOINTS refuses http and loopback or private endpoints', async () => {
    const user = new TestClient(strict.app);
    await user.registerAndSignIn('strict-pushy');
    const keys = service.subscribe().keys;
    for (const endpoint of [
      service.subscribe().endpoint,
      'https://127.0.0.1:8443/push/1',
      'https://localhost/push/1',
      'https://[::1]/push/1',
      'https://10.1.2.3/push/1',
      'https://192.168.0.7/push/1',
    ]) {
      const response = await subscribe(user, { endpoint, expirationTime: null, keys }, strict.app);
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/https|private|local/);
    }
    expect((await user.request('GET', '/api/push/subscriptions')).json()).toEqual([]);
  });

  it('never answers a hostile subscription body with a 5xx', async () => {
    const device = service.subscribe();
    const field = fc.oneof(
      fc.string(),
      fc.constantFrom(device.endpoint, device.keys.p256dh, device.keys.auth, '\u0000', 'x'.repeat(5000)),
      fc.integer(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.object({ maxDepth: 2 }),
    );
    const body = fc.oneof(
      fc.record(
        { endpoint: field, expirationTime: field, keys: fc.record({ p256dh: field, auth: field }, { requiredKeys: [] }) },
        { requiredKeys: [] },
      ),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const response = await subscribe(client, value);
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.json<{ message: string }>().message).toMatch(/\S/);
      }),
      { numRuns: 150, seed: 20261126 },
    );
  }, 60_000);
});
