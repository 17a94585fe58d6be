import type { PushPayload } from '@breaker/api-contract';
import { startFakePushService, type FakePushService } from '@breaker/fakes/push';
import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testVapidKeys } from '../testing.js';
import { createPushSender, type PushTarget } from './push-sender.js';

const payload = (breakId: string): PushPayload => ({
  kind: 'break-reminder',
  title: 'Time for a break: Stretch',
  body: '12:00 PM · 5 min',
  tag: `break-${breakId}`,
  url: `/?break=${breakId}`,
  breakId,
});

describe('push sender: pushes prepared ahead', () => {
  let service: FakePushService;
  const sender = () =>
    createPushSender({ vapid: testVapidKeys(), contact: 'mailto:push@localhost', allowPrivateEndpoints: true });
  const target = (): PushTarget => {
    const device = service.subscribe();
    return { id: device.endpoint.slice(-36), endpoint: device.endpoint, ...device.keys };
  };

  beforeAll(async () => {
    service = await startFakePushService();
  });
  afterAll(() => service?.close());
  afterEach(() => vi.restoreAllMocks());

  it('sends the push prepared for that device and payload without encrypting again, with the TTL of the send', async () => {
    const push = sender();
    const device = target();
    const encryptions = vi.spyOn(webpush, 'generateRequestDetails');
    await push.prepare(device, payload('00000000-0000-4000-8000-000000000001'));
    expect(encryptions).toHaveBeenCalledTimes(1);
    const outcome = await push.send(device, payload('00000000-0000-4000-8000-000000000001'), {
      ttlSeconds: 240,
      urgency: 'high',
    });
    expect(outcome).toEqual({ kind: 'sent' });
    expect(encryptions).toHaveBeenCalledTimes(1);
    const [delivery] = service.deliveries(device.endpoint);
    expect(delivery!.payload).toEqual(payload('00000000-0000-4000-8000-000000000001'));
    expect(delivery!.ttl).toBe(240);
    expect(delivery!.urgency).toBe('high');
    expect(delivery!.claims.aud).toBe(service.origin);
  });

  it('uses a prepared push once, and encrypts afresh for another payload or a second send', async () => {
    const push = sender();
    const device = target();
    const encryptions = vi.spyOn(webpush, 'generateRequestDetails');
    await push.prepare(device, payload('00000000-0000-4000-8000-000000000002'));
    await push.prepare(device, payload('00000000-0000-4000-8000-000000000002'));
    expect(encryptions).toHaveBeenCalledTimes(1);
    const options = { ttlSeconds: 60, urgency: 'high' } as const;
    await push.send(device, payload('00000000-0000-4000-8000-000000000003'), options);
    await push.send(device, payload('00000000-0000-4000-8000-000000000002'), options);
    await push.send(device, payload('00000000-0000-4000-8000-000000000002'), options);
    expect(encryptions).toHaveBeenCalledTimes(3);
    expect(service.deliveries(device.endpoint).map((d) => (d.payload as PushPayload).breakId)).toEqual([
      '00000000-0000-4000-8000-000000000003',
      '00000000-0000-4000-8000-000000000002',
      '00000000-0000-4000-8000-000000000002',
    ]);
  });

  it('leaves the event loop turns during a burst of encryptions', async () => {
    const push = sender();
    const devices = Array.from({ length: 400 }, target);
    let turns = 0;
    let burstDone = false;
    const countTurns = (): void => {
      turns += 1;
      if (!burstDone) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    await Promise.all(
      devices.map((device, i) => push.prepare(device, payload(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`))),
    );
    burstDone = true;
    // 400 encryptions take far longer than one slice: others had turns between them, not one wait at the end.
    expect(turns).toBeGreaterThan(3);
  });

  it('prepares nothing for an endpoint it would refuse', async () => {
    const push = createPushSender({ vapid: testVapidKeys(), contact: 'mailto:push@localhost', allowPrivateEndpoints: false });
    const encryptions = vi.spyOn(webpush, 'generateRequestDetails');
    await push.prepare(target(), payload('00000000-0000-4000-8000-000000000004'));
    expect(encryptions).not.toHaveBeenCalled();
  });
});
