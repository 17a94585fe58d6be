import { notifications } from '@mantine/notifications';

interface Toast {
  title: string;
  message: string;
  /** Same id replaces instead of stacking (React StrictMode runs mount effects twice). */
  id?: string;
}

export function toastSuccess({ title, message, id }: Toast): void {
  notifications.show({ id, title, message, color: 'green' });
}

export function toastError({ title, message, id }: Toast): void {
  notifications.show({ id, title, message, color: 'red' });
}

export function toastInfo({ title, message, id }: Toast): void {
  notifications.show({ id, title, message, color: 'violet' });
}
