// The calendar downloads a break's menu, the tooltips and the dialogs only when they are wanted (or when the browser is
// idle). These tests hold that code back, or fail it, and check that what the user asked for still happens.
import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { openCalendarWithBreak } from './support/breaks';
import { expectToast } from './support/toasts';

/** Holds back the download of the chunk whose file name starts with `name` until `release` is called. */
async function holdChunk(page: Page, name: string): Promise<{ release: () => void; requested: Promise<void> }> {
  let release!: () => void;
  let markRequested!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route: Route) => {
    markRequested();
    await released;
    await route.continue();
  });
  return { release, requested };
}

test('a break’s ⋯ pressed before its menu has arrived opens the menu once it does, and Escape returns to ⋯', async ({
  page,
  baseURL,
}) => {
  const menuCode = await holdChunk(page, 'BreakActionsMenu');
  const { name } = (await openCalendarWithBreak(page, baseURL!)).activity;
  const trigger = page.getByRole('button', { name: `Actions for ${name}` });
  await trigger.click();
  await menuCode.requested;
  await expect(page.getByRole('menu')).toBeHidden();

  menuCode.release();
  await expect(page.getByRole('menuitem', { name: 'Mark Complete' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(page.getByRole('button', { name: `Actions for ${name}` })).toBeFocused();
});

test('a break’s menu works from the keyboard', async ({ page, baseURL }) => {
  const { name } = (await openCalendarWithBreak(page, baseURL!)).activity;
  await page.getByRole('button', { name: `Actions for ${name}` }).focus();
  await page.keyboard.press('Enter');
  const complete = page.getByRole('menuitem', { name: 'Mark Complete' });
  await expect(complete).toBeVisible();
  await complete.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-status="completed"]').filter({ hasText: name })).toHaveCount(1);
});

test('when the menu cannot be downloaded, pressing ⋯ says so', async ({ page, baseURL }) => {
  await page.route(/\/assets\/BreakActionsMenu-[\w-]+\.js$/, (route) => route.abort('connectionfailed'));
  const { name } = (await openCalendarWithBreak(page, baseURL!)).activity;
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await expectToast(page, 'Actions Unavailable', 'The break actions could not be loaded. Please try again.');
});

test('a break opened before its dialog has arrived opens once it does', async ({ page, baseURL }) => {
  const dialogCode = await holdChunk(page, 'BreakDetailsModal');
  const { name } = (await openCalendarWithBreak(page, baseURL!)).activity;
  await page.getByTestId('break-block').filter({ hasText: name }).click();
  await dialogCode.requested;
  await expect(page.getByRole('dialog')).toBeHidden();
  dialogCode.release();
  await expect(page.getByRole('dialog', { name })).toBeVisible();
});

test('tooltips: 700 ms on the first, at once on the next within 300 ms, and they describe their control', async ({
  page,
  baseURL,
}) => {
  // Without animations a tooltip is there as soon as it opens: these checks are about its delays.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openCalendarWithBreak(page, baseURL!);
  // The indicator renders once the calendar status arrives, and that render waits on a timer: let it land before
  // time stands still.
  const indicator = page.getByTestId('sync-indicator');
  await expect(indicator).toBeVisible();
  // Time stands still from here on: only runFor moves it, so the delays are exact however busy the machine is.
  await page.clock.install();
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  const refresh = page.getByRole('button', { name: 'Refresh Breakers' });
  const refreshTip = page.getByRole('tooltip', { name: 'Schedule new Breakers for the next 6 days' });
  await expect(refresh).toHaveAccessibleDescription('Schedule new Breakers for the next 6 days');

  await refresh.hover();
  await page.clock.runFor(650);
  await expect(refreshTip).toBeHidden();
  await page.clock.runFor(100);
  await expect(refreshTip).toBeVisible();

  // Straight on to the calendar indicator: its tooltip skips the delay.
  await indicator.hover();
  await page.clock.runFor(50);
  await expect(page.getByRole('tooltip', { name: 'Not synced yet' })).toBeVisible();
  await expect(refreshTip).toBeHidden();

  // After a pause the delay is back.
  await page.mouse.move(0, 0);
  await page.clock.runFor(1000);
  await refresh.hover();
  await page.clock.runFor(300);
  await expect(refreshTip).toBeHidden();
  await page.clock.runFor(500);
  await expect(refreshTip).toBeVisible();
});
