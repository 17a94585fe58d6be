import type { NotificationData } from '@mantine/notifications';
import { laterModule } from './later/later-module';

export interface Toast {
  title: string;
  message: string;
  /** Same id replaces instead of stacking (React StrictMode runs mount effects twice). */
  id?: string;
}

/** Mantine's close button has no accessible name of its own. */
const closeButtonProps = { 'aria-label': 'Dismiss notification' };

/** The toast library: downloaded with the first toast, not with every screen. */
export const toastLibrary = laterModule(() => import('@mantine/notifications'));

function show(toast: Toast, color: NotificationData['color']): void {
  void toastLibrary.request().then(({ notifications }) => notifications.show({ ...toast, color, closeButtonProps }));
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
