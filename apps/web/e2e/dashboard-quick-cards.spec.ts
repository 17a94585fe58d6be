// The dashboard's Start Break Session card: it opens the guided session of the next break, or, with none planned,
// says so and leads to the calendar.
import { expect, test } from './support/fixtures';
import { signInForBreaks, signInWithOneBreak } from './support/breaks';

test('Start Break Session on the dashboard opens the next break’s guided session', async ({ page, baseURL }) => {
  const session = await signInWithOneBreak(page, baseURL!);
  await page.goto('/');

  const card = page.getByRole('button', { name: /^Start Break Session/ });
  await expect(card).toContainText(`Next: ${session.activity.name},`);
  await card.click();
  const dialog = page.getByRole('dialog', { name: `Break session: ${session.activity.name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('session-step')).toHaveText(session.activity.steps[0]!);
  await page.screenshot({ path: test.info().outputPath('dashboard-break-session.png') });
});

test('with no break planned, Start Break Session says so and leads to the calendar', async ({ page, baseURL }) => {
  await signInForBreaks(page, baseURL!);
  await page.goto('/');

  const card = page.getByRole('link', { name: /^Start Break Session/ });
  await expect(card).toContainText('No Breakers are waiting. Plan some from your calendar.');
  await card.click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
