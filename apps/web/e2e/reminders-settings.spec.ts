// Settings' Reminders card against a real push service's protocol: the stack's fake push service (start-stack.mjs)
// checks the VAPID signature and decrypts what it gets. Headless Chromium cannot make a real push subscription, so
// the subscription is one the fake hands out, registered through the API with the page's own session, as the page
// would after `pushManager.subscribe()`.
import type { Preferences, PushPayload } from '@breaker/api-contract';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { signInFresh } from './support/screens';
import { expectToast } from './support/toasts';

interface FakeSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

interface Delivery {
  endpoint: string;
  payload: PushPayload;
  claims: { aud: string; sub: string };
}

async function fakePushOrigin(dataDir: string): Promise<string> {
  return (JSON.parse(await readFile(join(dataDir, 'fake-push.json'), 'utf8')) as { origin: string }).origin;
}

test('the Reminders card lists a device, sends it a test, removes it, and keeps the lead time and calendar alerts', async ({
  page,
  baseURL,
  stack,
}) => {
  const push = await fakePushOrigin(stack.dataDir);
  await signInFresh(page, baseURL!);
  const booking = await page.request.put('/api/user/preferences', {
    data: { preferences: { calendarBookingEnabled: true } },
    headers: { origin: baseURL! },
  });
  expect(booking.status(), await booking.text()).toBe(200);

  const device = (await (await page.request.post(`${push}/__fake/subscriptions`)).json()) as FakeSubscription;
  const subscribed = await page.request.post('/api/push/subscriptions', { data: device, headers: { origin: baseURL! } });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
  const [listed] = (await (await page.request.get('/api/push/subscriptions')).json()) as { label: string }[];

  await page.goto('/settings');
  const devices = page.getByRole('list', { name: 'Devices that get reminders' });
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices.getByRole('listitem')).toContainText(listed!.label);

  await page.getByRole('button', { name: 'Send a test notification' }).click();
  await expectToast(page, 'Test Sent', 'A test notification is on its way.');
  const deliveries = (await (
    await page.request.get(`${push}/__fake/deliveries?endpoint=${encodeURIComponent(device.endpoint)}`)
  ).json()) as Delivery[];
  expect(deliveries).toHaveLength(1);
  expect(deliveries[0]!.claims.aud).toBe(push);
  expect(deliveries[0]!.payload).toMatchObject({ kind: 'test', title: 'Breaker reminders work', url: '/settings' });

  await devices.getByRole('button', { name: `Remove ${listed!.label}` }).click();
  await expect(page.getByText('No device gets pushed reminders yet.')).toBeVisible();
  expect(await (await page.request.get('/api/push/subscriptions')).json()).toEqual([]);

  const lead = page.getByRole('group', { name: 'When to remind you' });
  // click, not check(): the control shows the saved choice a tick after the click (the save's state is what it shows).
  await lead.getByRole('radio', { name: '5 min before' }).click();
  await expect(lead.getByRole('radio', { name: '5 min before' })).toBeChecked();
  const alerts = page.getByRole('switch', { name: 'Calendar alerts' });
  await expect(alerts).toBeChecked();
  await alerts.click();
  await expect(alerts).not.toBeChecked();
  await expect
    .poll(async () => {
      const stored = (await (await page.request.get('/api/user/preferences')).json()) as Preferences;
      return [stored.reminderLeadMinutes, stored.calendarAlertsEnabled];
    })
    .toEqual([5, false]);

  await page.reload();
  await expect(
    page.getByRole('group', { name: 'When to remind you' }).getByRole('radio', { name: '5 min before' }),
  ).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Calendar alerts' })).not.toBeChecked();
});
