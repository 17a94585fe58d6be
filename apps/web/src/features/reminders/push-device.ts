/*
 * This browser's push subscription, against the server's push calls (GET /api/push/public-key, POST, DELETE and GET
 * /api/push/subscriptions, POST /api/push/test). Loaded with the Settings card and on sign-out, never on first paint.
 */

export type PushSupport = 'unsupported' | NotificationPermission;

/** Push needs a service worker, the Push API and notifications; some browsers (or private windows) lack one. */
export function pushSupport(): PushSupport {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission;
}

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { message?: unknown };
    throw new Error(typeof answer.message === 'string' ? answer.message : 'Breaker could not do that just now.');
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export interface PushDevice {
  id: string;
  label: string;
  createdAt: string;
  lastSuccessAt: string | null;
}

/**
 * The server's id of this browser's device, kept from subscribing: the device list shows no endpoints, so this is how
 * the page knows which listed device it is (signing out clears it with the rest of local storage).
 */
const THIS_DEVICE_KEY = 'breaker-push-device';

export const isThisDevice = (id: string): boolean => localStorage.getItem(THIS_DEVICE_KEY) === id;

export const listDevices = () => call<PushDevice[]>('GET', '/api/push/subscriptions');
export const sendTestNotification = () => call<{ sent: number }>('POST', '/api/push/test');

/** The VAPID public key as the Push API takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const existing = await navigator.serviceWorker.getRegistration('/');
  return existing ? existing.pushManager.getSubscription() : null;
}

/** Asks for the permission (from a click), subscribes with the server's key and hands the subscription to the server. */
export async function subscribeThisDevice(): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted') {
    throw new Error('Notifications are blocked for Breaker in this browser.');
  }
  const { publicKey } = await call<{ publicKey: string }>('GET', '/api/push/public-key');
  const subscription = await (
    await registration()
  ).pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  const { id } = await call<{ id: string }>('POST', '/api/push/subscriptions', subscription.toJSON());
  localStorage.setItem(THIS_DEVICE_KEY, id);
}

/** Removes this browser's subscription from the server and from the browser. */
export async function removeThisDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await call('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint });
  localStorage.removeItem(THIS_DEVICE_KEY);
  await subscription.unsubscribe();
}

/** Removes any listed device by its id; when it is this browser, its subscription ends here too. */
export async function removeDevice(id: string): Promise<void> {
  await call('DELETE', '/api/push/subscriptions', { id });
  if (!isThisDevice(id)) return;
  localStorage.removeItem(THIS_DEVICE_KEY);
  await (await currentSubscription())?.unsubscribe();
}
