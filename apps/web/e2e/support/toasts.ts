import { expect, type Locator, type Page } from '@playwright/test';

/** The toast viewport (F8). At most one toast shows at a time; the next waits until this one goes. */
export function toasts(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications (F8)' });
}

/**
 * Asserts a toast's title and message, word for word; then dismisses it (unless told not to) so that the next
 * toast does not queue behind it for the 5 s display time.
 */
export async function expectToast(page: Page, title: string, message: string, { dismiss = true } = {}): Promise<void> {
  const toast = toasts(page).getByRole('alert').filter({ hasText: title });
  await expect(toast.getByText(title, { exact: true })).toBeVisible();
  await expect(toast.getByText(message, { exact: true })).toBeVisible();
  if (!dismiss) return;
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast).toBeHidden();
}
