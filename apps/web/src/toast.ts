import { notifications } from '@mantine/notifications';

interface Toast {
  title: string;
  message: string;
  /** Same id replaces instead of stacking (React StrictMode runs mount effects twice). */
  id?: string;
}

/** Mantine's close button has no accessible name of its own. */
const closeButtonProps = { 'aria-label': 'Dismiss notification' };

export function toastSuccess({ title, message, id }: Toast): void {
  notifications.show({ id, title, message, color: 'green', closeButtonProps });
}

export function toastError({ title, message, id }: Toast): void {
  notifications.show({ id, title, message, color: 'red', closeButtonProps });
}

export function toastInfo({ title, message, id }: Toast): void {
  notifications.show({ id, title, message, color: 'violet', closeButtonProps });
}
