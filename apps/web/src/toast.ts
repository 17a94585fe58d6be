import type { NotificationData, notifications } from '@mantine/notifications';

interface Toast {
  title: string;
  message: string;
  /** Same id replaces instead of stacking (React StrictMode runs mount effects twice). */
  id?: string;
}

/** Mantine's close button has no accessible name of its own. */
const closeButtonProps = { 'aria-label': 'Dismiss notification' };

// The toast library loads with the first toast, not with every screen.
let library: Promise<{ notifications: typeof notifications }> | undefined;
const firstToastListeners = new Set<() => void>();

function loadToasts(): Promise<{ notifications: typeof notifications }> {
  if (!library) {
    library = import('@mantine/notifications');
    firstToastListeners.forEach((listener) => listener());
  }
  return library;
}

/** Calls `listener` once a toast is wanted (at once if one already was); returns the unsubscribe. */
export function onToastsWanted(listener: () => void): () => void {
  if (library) {
    listener();
    return () => undefined;
  }
  firstToastListeners.add(listener);
  return () => firstToastListeners.delete(listener);
}

function show(toast: Toast, color: NotificationData['color']): void {
  void loadToasts().then(({ notifications }) => notifications.show({ ...toast, color, closeButtonProps }));
}

export function toastSuccess(toast: Toast): void {
  show(toast, 'green');
}

export function toastError(toast: Toast): void {
  show(toast, 'red');
}

export function toastInfo(toast: Toast): void {
  show(toast, 'violet');
}
