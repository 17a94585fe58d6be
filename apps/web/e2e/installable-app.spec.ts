// The installable app: the manifest and the service worker (installability as Chromium judges it), a pushed break
// reminder shown with its buttons, "Skip" and "Later" acting on the break from the worker alone, the app opening
// offline with its banner, and sign-out clearing what the browser kept. The worker is allowed here only
// (playwright.config.ts blocks it for the other specs).
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/chromium';
import { expect, test } from './support/fixtures';
import { addableHours, addBreak, signInForBreaks, upcomingBreaks } from './support/breaks';
import {
  clickNotificationAction,
  deliverPush,
  registrationId,
  shownNotifications,
  waitForServiceWorker,
} from './support/service-worker';

test.use({ serviceWorkers: 'allow' });

test('installable: the manifest, and a service worker from /sw.js that controls the page', async ({
  baseURL,
  browserName,
}, testInfo) => {
  // Chromium never offers to install from an incognito window, which every new context of a launched browser is.
  expect(browserName).toBe('chromium');
  const context = await chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS],
    baseURL,
  });
  try {
    await expectInstallable(await context.newPage(), baseURL!);
  } finally {
    await context.close();
  }
});

async function expectInstallable(page: Page, baseURL: string): Promise<void> {
  await signInForBreaks(page, baseURL);
  await page.goto('/');
  await waitForServiceWorker(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  const { url, errors } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
  expect(url).toBe(`${baseURL}/manifest.webmanifest`);
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${baseURL}/`);
}

test('a pushed reminder shows with Start, Later and Skip; Skip and Later change the break from the worker', async ({
  page,
  baseURL,
}) => {
  await page.context().grantPermissions(['notifications'], { origin: baseURL! });
  await signInForBreaks(page, baseURL!);
  const hours = addableHours();
  const toSkip = await addBreak(page.request, baseURL!, hours[0]!);
  const toMove = await addBreak(page.request, baseURL!, hours[2]!);
  await page.goto('/');
  const worker = await waitForServiceWorker(page);
  const cdp = await page.context().newCDPSession(page);
  const registration = await registrationId(cdp, baseURL!);

  for (const session of [toSkip, toMove]) {
    await deliverPush(cdp, baseURL!, registration, {
      kind: 'break-reminder',
      title: `Time for a break: ${session.activity.name}`,
      body: `${session.duration} min`,
      breakId: session.id,
      url: `/?break=${session.id}`,
      tag: `break-${session.id}`,
    });
  }
  const shown = await shownNotifications(page);
  const maxActions = await worker.evaluate(() => Math.min(3, (Notification as unknown as { maxActions: number }).maxActions));
  expect(maxActions).toBeGreaterThanOrEqual(2);
  expect(shown.find(({ tag }) => tag === `break-${toSkip.id}`)).toEqual({
    title: `Time for a break: ${toSkip.activity.name}`,
    body: `${toSkip.duration} min`,
    tag: `break-${toSkip.id}`,
    icon: `${baseURL}/icons/icon-192.png`,
    badge: `${baseURL}/icons/badge-96.png`,
    data: { url: `/?break=${toSkip.id}`, breakId: toSkip.id },
    // Chromium shows two buttons at most: a click on the notification itself is the "Start".
    actions: [
      { action: 'start', title: 'Start' },
      { action: 'later', title: 'Later' },
      { action: 'skip', title: 'Skip' },
    ].slice(3 - maxActions),
  });

  // The worker's calls are state-changing: they pass the server's Origin check only because they carry this site's.
  await clickNotificationAction(worker, `break-${toSkip.id}`, 'skip');
  await expect.poll(async () => (await upcomingBreaks(page.request)).find(({ id }) => id === toSkip.id)?.skipped).toBe(true);

  await clickNotificationAction(worker, `break-${toMove.id}`, 'later');
  const tenMinutesLater = new Date(Date.parse(toMove.scheduledTime) + 10 * 60_000).toISOString();
  await expect
    .poll(async () => (await upcomingBreaks(page.request)).find(({ id }) => id === toMove.id)?.scheduledTime)
    .toBe(tenMinutesLater);
  expect(await shownNotifications(page)).toEqual([]);
});

test('opens offline from the precached shell under a fresh nonce, and says so', async ({ page, baseURL }) => {
  await signInForBreaks(page, baseURL!);
  await page.goto('/');
  await waitForServiceWorker(page);
  await page.context().setOffline(true);
  const shell = await page.reload();
  expect(shell?.fromServiceWorker()).toBe(true);
  expect(shell?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[0-9a-f]{32}'/);
  await expect(page.getByText('You are offline.')).toBeVisible();
  await page.context().setOffline(false);
  await page.reload();
  await expect(page.getByText('You are offline.')).toBeHidden();
  await expect(
    page
      .getByRole('button', { name: 'Log Out' })
      .or(page.getByRole('link', { name: 'Log Out' }))
      .first(),
  ).toBeVisible();
});

test("signing out clears the browser's caches but the app's own files, and closes the reminders", async ({ page, baseURL }) => {
  await page.context().grantPermissions(['notifications'], { origin: baseURL! });
  await signInForBreaks(page, baseURL!);
  await page.goto('/');
  await waitForServiceWorker(page);
  const cdp = await page.context().newCDPSession(page);
  await deliverPush(cdp, baseURL!, await registrationId(cdp, baseURL!), { kind: 'test', title: 'Hello', body: 'A test' });
  await page.evaluate(async () => (await caches.open('breaker-answers')).put('/api/upcoming-breaks', new Response('[]')));
  expect(await shownNotifications(page)).toHaveLength(1);

  await page.getByRole('link', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  const kept = await page.evaluate(() => caches.keys());
  expect(kept.filter((name) => !name.startsWith('workbox-precache'))).toEqual([]);
  expect(kept.some((name) => name.startsWith('workbox-precache'))).toBe(true);
  expect(await shownNotifications(page)).toEqual([]);
});
