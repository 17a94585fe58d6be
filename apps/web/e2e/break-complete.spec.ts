// Mark Complete and Skip change the break's colour on the click; when the server refuses, the break goes back to
// scheduled and the error toast says why.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { openCalendarWithBreak, upcomingBreaks } from './support/breaks';
import { expectToast } from './support/toasts';
import { failProcedure } from './support/trpc-failure';

const block = (page: Page, name: string, status: string) => page.locator(`[data-status="${status}"]`).filter({ hasText: name });

test('Mark Complete refused: the break is scheduled again with the error toast; then it completes', async ({ page, baseURL }) => {
  const session = await openCalendarWithBreak(page, baseURL!);

  const undo = await failProcedure(page, 'breaks.update', 'Breaks are resting');
  await page.getByTestId('break-block').filter({ hasText: session.activity.name }).click();
  await page.getByRole('dialog', { name: session.activity.name }).getByRole('button', { name: 'Mark Complete' }).click();
  await expectToast(page, 'Update Failed', 'Breaks are resting');
  await expect(block(page, session.activity.name, 'scheduled')).toHaveCount(1);
  expect((await upcomingBreaks(page.request)).find((stored) => stored.id === session.id)?.completedAt).toBeNull();
  await undo();

  await page.getByTestId('break-block').filter({ hasText: session.activity.name }).click();
  await page.getByRole('dialog', { name: session.activity.name }).getByRole('button', { name: 'Mark Complete' }).click();
  await expect(block(page, session.activity.name, 'completed')).toHaveCount(1);
  await expectToast(page, 'Break Updated', 'Nicely done. The break is marked as complete.');
});

test('Skip turns the break yellow and stores it', async ({ page, baseURL }) => {
  const other = await openCalendarWithBreak(page, baseURL!);

  await page.getByTestId('break-block').filter({ hasText: other.activity.name }).click();
  await page.getByRole('dialog', { name: other.activity.name }).getByRole('button', { name: 'Skip' }).click();
  await expect(block(page, other.activity.name, 'skipped')).toHaveCount(1);
  await expect
    .poll(async () => (await upcomingBreaks(page.request)).find((stored) => stored.id === other.id)?.skipped)
    .toBe(true);
});
