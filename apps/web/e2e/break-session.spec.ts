// The guided break session: started from a break's detail dialog, it walks through the activity's steps against a
// countdown (pause, resume, skip a step, end early) and then marks the break complete; it finishes on its own when
// the time is up; a break removed meanwhile gives the error toast.
import { expect, test } from './support/fixtures';
import { openCalendarWithBreak, upcomingBreaks } from './support/breaks';
import { expectToast } from './support/toasts';

test('a guided break: steps, countdown, pause and resume, skip a step, end early, then complete', async ({ page, baseURL }) => {
  const session = await openCalendarWithBreak(page, baseURL!);

  const dialog = page.getByRole('dialog', { name: `Break session: ${session.activity.name}` });
  const timer = dialog.getByRole('timer', { name: 'Time left' });
  const step = dialog.getByTestId('session-step');
  const steps = session.activity.steps;

  await test.step('the detail dialog starts the session on the first step', async () => {
    await page.getByTestId('break-block').filter({ hasText: session.activity.name }).click();
    await page.getByRole('dialog', { name: session.activity.name }).getByRole('button', { name: 'Start Break Session' }).click();
    await expect(dialog).toBeVisible();
    await expect(step).toHaveText(steps[0]!);
    await page.screenshot({ path: test.info().outputPath('break-session.png') });
    await expect(dialog.getByText(`Step 1 of ${steps.length}`, { exact: true })).toBeVisible();
    await expect(dialog.locator('[aria-live="polite"]')).toHaveText(/^Step 1 of \d+\. \d+ minutes? left\.$/);
  });

  await test.step('focus stays inside the dialog', async () => {
    for (let press = 0; press < 8; press += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
  });

  await test.step('pause holds the countdown, resume lets it run on', async () => {
    await dialog.getByRole('button', { name: 'Pause' }).click();
    const paused = await timer.textContent();
    await page.waitForTimeout(1500);
    await expect(timer).toHaveText(paused!);
    await dialog.getByRole('button', { name: 'Resume' }).click();
    await expect(timer).not.toHaveText(paused!, { timeout: 5000 });
  });

  await test.step('skip step moves to the next one', async () => {
    await dialog.getByRole('button', { name: 'Skip Step' }).click();
    await expect(step).toHaveText(steps[1]!);
    await expect(dialog.getByText(`Step 2 of ${steps.length}`, { exact: true })).toBeVisible();
  });

  await test.step('end early marks the break complete', async () => {
    await dialog.getByRole('button', { name: 'End Early' }).click();
    await expectToast(page, 'Break Updated', 'Nicely done. The break is marked as complete.');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('break-block').filter({ hasText: session.activity.name })).toHaveAttribute(
      'aria-label',
      /, completed$/,
    );
    const [stored] = await upcomingBreaks(page.request);
    expect(stored?.completedAt).not.toBeNull();
  });
});

test('a guided break completes on its own when the countdown ends', async ({ page, baseURL }) => {
  const session = await openCalendarWithBreak(page, baseURL!);
  // Only the session's own countdown needs the controlled clock: installed once the page is up.
  await page.clock.install();

  await page.getByRole('button', { name: `Actions for ${session.activity.name}` }).click();
  await page.getByRole('menuitem', { name: 'Start Break Session' }).click();
  const dialog = page.getByRole('dialog', { name: `Break session: ${session.activity.name}` });
  await expect(dialog).toBeVisible();
  await page.clock.runFor(session.duration * 60_000 + 1000);
  await expectToast(page, 'Break Updated', 'Nicely done. The break is marked as complete.');
  const [stored] = await upcomingBreaks(page.request);
  expect(stored?.completedAt).not.toBeNull();
});

test('a break removed meanwhile: ending the session shows Update Failed', async ({ page, baseURL }) => {
  const session = await openCalendarWithBreak(page, baseURL!);

  await page.getByTestId('break-block').filter({ hasText: session.activity.name }).click();
  await page.getByRole('dialog', { name: session.activity.name }).getByRole('button', { name: 'Start Break Session' }).click();
  const dialog = page.getByRole('dialog', { name: `Break session: ${session.activity.name}` });
  await expect(dialog).toBeVisible();

  const removed = await page.request.delete(`/api/break-sessions/${session.id}`, { headers: { origin: baseURL! } });
  expect(removed.status()).toBe(200);
  await dialog.getByRole('button', { name: 'End Early' }).click();
  await expectToast(page, 'Update Failed', 'That break was not found');
});
