import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { BreakCallError, moveBreakLater, skipBreak } from './break-calls';
import { offlineShell } from './offline-shell';
import { BADGE_URL, chosenAction, ICON_URL, notificationFor, readPushMessage, type NotificationData } from './push-message';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** Paths that are never the app's pages: the worker leaves them to the network, and caches none of their answers. */
const NOT_A_PAGE = /^\/(api|trpc|admin|metrics)(\/|$)/;

// A new version takes over every open page at once: the shell is network-first, so nothing old is left to serve.
void self.skipWaiting();
clientsClaim();

// Pages always come from the network (each answer carries its own CSP nonce); the precached shell is only the
// answer when there is no network. Registered before the precache's route, so that "/" never gets the stored copy.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (error) {
        const shell = await matchPrecache('/index.html');
        if (!shell) throw error;
        return offlineShell(shell);
      }
    },
    { denylist: [NOT_A_PAGE] },
  ),
);

// The hashed scripts and styles, the icons and the manifest; nothing personal, nothing from the API.
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

self.addEventListener('push', (event) => {
  // How many buttons this browser shows (not in TypeScript's types yet).
  const { maxActions } = Notification as unknown as { maxActions: number };
  const { title, options } = notificationFor(readPushMessage(event.data, self.location.origin), maxActions);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  const data = (event.notification.data ?? { url: '/' }) as NotificationData;
  const action = chosenAction(event.action);
  event.notification.close();
  event.waitUntil(action === 'start' || !data.breakId ? openBreaker(data.url) : actOnBreak(action, data.breakId));
});

/** Focuses an open Breaker tab on the break's page, or opens one. */
async function openBreaker(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows[0];
  if (!open) {
    await self.clients.openWindow(url);
    return;
  }
  const focused = await open.focus();
  await focused.navigate(url).catch(() => self.clients.openWindow(url));
}

/** "Later" or "Skip" without opening a window; open pages refresh their breaks, a refusal is said in a notification. */
async function actOnBreak(action: 'later' | 'skip', breakId: string): Promise<void> {
  try {
    if (action === 'skip') await skipBreak(breakId);
    else await moveBreakLater(breakId);
  } catch (error) {
    const reason = error instanceof BreakCallError ? error.message : 'Breaker could not be reached.';
    await self.registration.showNotification(action === 'skip' ? 'Your break was not skipped' : 'Your break was not moved', {
      body: reason,
      tag: `break-${breakId}`,
      icon: ICON_URL,
      badge: BADGE_URL,
    });
    return;
  }
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: 'breaks-changed' });
}
