import { useState } from 'react';

export type NotificationPermissionState = NotificationPermission | 'unsupported';

function currentPermission(): NotificationPermissionState {
  return typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : 'unsupported';
}

/** The browser's notification permission, and a request for it (only ever called from a click). */
export function useNotificationPermission() {
  const [permission, setPermission] = useState<NotificationPermissionState>(currentPermission);
  return {
    permission,
    request: async () => {
      if (currentPermission() === 'unsupported') return;
      setPermission(await Notification.requestPermission());
    },
  };
}

/** Shows a system notification when the user allowed them; false when the page has to remind in its own way. */
export function showBrowserNotification(title: string, body: string, tag: string, onClick: () => void): boolean {
  if (currentPermission() !== 'granted') return false;
  const notification = new Notification(title, { body, tag });
  notification.onclick = () => {
    window.focus();
    onClick();
    notification.close();
  };
  return true;
}

/**
 * Whether this browser receives the server's pushed reminders: then the service worker announces each break, and the
 * page must not show a second system notification for it.
 */
export async function pushActiveOnThisDevice(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return Boolean(await registration?.pushManager?.getSubscription());
}
