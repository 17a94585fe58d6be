import { removeThisDevice } from '../reminders/push-device';

/**
 * What signing out leaves behind on this browser besides the cookie: the shown notifications (they name breaks),
 * every cache but the worker's precache of the app's own files (nothing else may hold anything personal), and this
 * browser's push subscription, so that the next person on this computer gets none of this user's reminders.
 * Each part is done even when another fails; sign-out goes ahead whatever happens here.
 */
export async function forgetThisDevice(): Promise<void> {
  await Promise.allSettled([closeNotifications(), dropCaches(), removeThisDevice()]);
}

const APP_FILES_CACHE = 'workbox-precache';

async function dropCaches(): Promise<void> {
  if (!('caches' in window)) return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !name.startsWith(APP_FILES_CACHE)).map((name) => caches.delete(name)));
}

async function closeNotifications(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration('/');
  for (const notification of (await registration?.getNotifications()) ?? []) notification.close();
}
