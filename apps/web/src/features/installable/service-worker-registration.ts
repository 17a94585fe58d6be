import { queryClient } from '../../query-client';

/**
 * Registers the service worker (the built app only: vite's dev server has none). Without one, nothing is lost but
 * the offline shell and the pushed reminders: the page's own reminders still work. When a notification's "Later" or
 * "Skip" changed a break, the worker says so and open pages read their breaks again.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  });
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string } | undefined>) => {
    if (event.data?.type === 'breaks-changed') void queryClient.invalidateQueries();
  });
}
