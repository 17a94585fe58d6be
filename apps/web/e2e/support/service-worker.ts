import { expect, type CDPSession, type Page, type Worker } from '@playwright/test';

/** Waits until the app's service worker controls the page (it claims open pages as soon as it is active). */
export async function waitForServiceWorker(page: Page): Promise<Worker> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  const [worker] = page.context().serviceWorkers();
  return worker ?? page.context().waitForEvent('serviceworker');
}

/** The DevTools id of the page's worker registration (ServiceWorker.enable announces every registration). */
export async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/**
 * Delivers a push as a push service would, and waits until the worker's push handler has finished (the background
 * services log says so): reading the notifications while the worker is still showing one can miss it.
 */
export async function deliverPush(cdp: CDPSession, origin: string, registration: string, data: unknown): Promise<void> {
  await cdp.send('BackgroundService.startObserving', { service: 'pushMessaging' });
  await cdp.send('BackgroundService.setRecording', { shouldRecord: true, service: 'pushMessaging' });
  let completed = () => {};
  const handled = new Promise<void>((resolve) => (completed = resolve));
  const listener = ({ backgroundServiceEvent }: { backgroundServiceEvent: { eventName: string } }) => {
    if (backgroundServiceEvent.eventName === 'Push event completed') completed();
  };
  cdp.on('BackgroundService.backgroundServiceEventReceived', listener);
  try {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration, data: JSON.stringify(data) });
    await handled;
  } finally {
    cdp.off('BackgroundService.backgroundServiceEventReceived', listener);
  }
}

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  badge: string;
  data: unknown;
  actions: { action: string; title: string }[];
}

/** The notifications the app's worker shows, read from the page. */
export function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    // `badge` and `actions` are Chromium's, not in TypeScript's DOM types.
    type Shown = Notification & { badge: string; actions?: { action: string; title: string }[] };
    return ((await registration.getNotifications()) as Shown[]).map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      icon: notification.icon,
      badge: notification.badge,
      data: notification.data as unknown,
      actions: (notification.actions ?? []).map(({ action, title }) => ({ action, title })),
    }));
  });
}

/**
 * Clicks a button of a shown notification, as the system would: a `notificationclick` with that action, dispatched in
 * the worker (no browser lets a test press a system notification's button).
 */
export async function clickNotificationAction(worker: Worker, tag: string, action: string): Promise<void> {
  const clicked = await worker.evaluate(
    async ({ tag, action }) => {
      // The worker's global scope, typed here by hand: this file is checked against the page's DOM types.
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event;
        dispatchEvent(event: Event): boolean;
      };
      const [notification] = await scope.registration.getNotifications({ tag });
      if (!notification) return false;
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification, action }));
      return true;
    },
    { tag, action },
  );
  expect(clicked, `a notification tagged ${tag}`).toBe(true);
}
