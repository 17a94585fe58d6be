// A break's ⋯ menu and the calendar's Refresh Breakers, at desktop and phone widths: Skip Break, Mark Complete and
// Remove Break from the menu, the menu only on breaks still to take, the status colours matching the legend, Refresh
// Breakers busy while it runs, and the error toasts when the server refuses (forced with failProcedure).
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { addableHours, addBreak, openCalendarOn, openCalendarWithBreak, signInForBreaks, upcomingBreaks } from './support/breaks';
import { dayIn, TIME_ZONE } from './support/days';
import { VIEWPORTS, saveScreenshot } from './support/screens';
import { expectToast } from './support/toasts';
import { failProcedure } from './support/trpc-failure';

/** Two hours of the same day in which breaks can still be added, two hours apart. */
function twoHoursOfOneDay(): [Date, Date] {
  const hours = addableHours();
  const day = dayIn(TIME_ZONE, hours.at(-1)!);
  const sameDay = hours.filter((hour) => dayIn(TIME_ZONE, hour) === day);
  return [sameDay[0]!, sameDay[2]!];
}

async function chooseFromMenu(page: Page, activityName: string, item: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${activityName}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

const backgroundOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((node) => getComputedStyle(node).backgroundColor);

const legendSwatch = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Legend' })
    .getByRole('listitem')
    .filter({ hasText: label })
    .locator('div')
    .first()
    .evaluate((node) => getComputedStyle(node).backgroundColor);

for (const viewport of VIEWPORTS) {
  test.describe(`a break's menu at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('Skip Break and Mark Complete from the menu: the legend colours, and no menu once taken or skipped', async ({
      page,
      baseURL,
    }, testInfo) => {
      await signInForBreaks(page, baseURL!);
      const [first, second] = twoHoursOfOneDay();
      const skipped = await addBreak(page.request, baseURL!, first);
      const taken = await addBreak(page.request, baseURL!, second);
      await openCalendarOn(page, first);
      await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(2);
      expect(await backgroundOf(page, '[data-status="scheduled"]')).toBe(await legendSwatch(page, 'Breakers'));

      await chooseFromMenu(page, skipped.activity.name, 'Skip Break');
      await expectToast(page, 'Break Updated', 'The break was skipped.');
      const skippedBlock = page.locator('[data-status="skipped"]');
      await expect(skippedBlock).toHaveCount(1);
      await expect(skippedBlock.getByTestId('break-block')).toHaveAccessibleName(/, skipped$/);

      await chooseFromMenu(page, taken.activity.name, 'Mark Complete');
      await expectToast(page, 'Break Updated', 'Nicely done. The break is marked as complete.');
      await expect(page.locator('[data-status="completed"]')).toHaveCount(1);

      // The menu belongs to breaks still to take: neither block keeps its ⋯ button.
      await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
      expect(await backgroundOf(page, '[data-status="skipped"]')).toBe(await legendSwatch(page, 'Skipped'));
      expect(await backgroundOf(page, '[data-status="completed"]')).toBe(await legendSwatch(page, 'Completed'));
      await saveScreenshot(page, testInfo, `calendar-taken-and-skipped-${viewport.name}`);

      const stored = await upcomingBreaks(page.request);
      expect(stored.find((session) => session.id === skipped.id)?.skipped).toBe(true);
      expect(stored.find((session) => session.id === taken.id)?.completedAt).not.toBeNull();
    });

    test('Remove Break: refused with Remove Failed and kept, then removed with Break Removed', async ({ page, baseURL }) => {
      const session = await openCalendarWithBreak(page, baseURL!);
      const block = page.getByTestId('break-block').filter({ hasText: session.activity.name });
      await expect(block).toBeVisible();

      const undo = await failProcedure(page, 'breaks.remove', 'Breaks are resting');
      await chooseFromMenu(page, session.activity.name, 'Remove Break');
      await expectToast(page, 'Remove Failed', 'Breaks are resting');
      await expect(block).toBeVisible();
      expect((await upcomingBreaks(page.request)).map((stored) => stored.id)).toEqual([session.id]);
      await undo();

      await chooseFromMenu(page, session.activity.name, 'Remove Break');
      await expectToast(page, 'Break Removed', 'The break was removed from your schedule.');
      await expect(page.getByTestId('break-block')).toHaveCount(0);
      expect(await upcomingBreaks(page.request)).toEqual([]);
    });

    test('Change Exercise refused: Update Failed, and the break keeps its activity', async ({ page, baseURL }) => {
      const session = await openCalendarWithBreak(page, baseURL!);

      const undo = await failProcedure(page, 'breaks.changeActivity', 'Breaks are resting');
      await chooseFromMenu(page, session.activity.name, 'Change Exercise');
      const dialog = page.getByRole('dialog', { name: 'Change Exercise' });
      await dialog.getByRole('button').filter({ hasText: ' min' }).first().click();
      await expectToast(page, 'Update Failed', 'Breaks are resting');
      await expect(dialog).toBeHidden();
      await undo();
      const [stored] = await upcomingBreaks(page.request);
      expect(stored?.activity.id).toBe(session.activity.id);
      await expect(page.getByTestId('break-block').filter({ hasText: session.activity.name })).toBeVisible();
    });

    test('the empty-hour plus refused by a server that is down: Add Failed with its words', async ({ page, baseURL }) => {
      await signInForBreaks(page, baseURL!);
      const [hour] = addableHours();
      await openCalendarOn(page, hour!);
      const hourName = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hour: 'numeric' }).format(hour);
      await failProcedure(page, 'breaks.add', 'Breaks are resting');
      await page
        .getByRole('button', { name: new RegExp(`^Add break at ${hourName} on `) })
        .first()
        .click({ force: true });
      await expectToast(page, 'Add Failed', 'Breaks are resting');
      await expect(page.getByTestId('break-block')).toHaveCount(0);
      expect(await upcomingBreaks(page.request)).toEqual([]);
    });

    test('Refresh Breakers: Refreshing... and disabled while it runs; refused, it says Refresh Failed', async ({
      page,
      baseURL,
    }) => {
      await signInForBreaks(page, baseURL!);
      await page.goto('/calendar');
      const refresh = page.getByRole('button', { name: 'Refresh Breakers' });
      await expect(refresh).toBeEnabled();

      const undo = await failProcedure(page, 'breaks.refresh', 'The planner is resting');
      await refresh.click();
      await expectToast(page, 'Refresh Failed', 'The planner is resting');
      await expect(refresh).toBeEnabled();
      expect(await upcomingBreaks(page.request)).toEqual([]);
      await undo();

      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const pattern = /\/trpc\/[^?]*breaks\.refresh/;
      await page.route(pattern, async (route) => {
        await held;
        await route.continue();
      });
      await refresh.click();
      const running = page.getByRole('button', { name: 'Refreshing...' });
      await expect(running).toBeDisabled();
      release();
      await expect(refresh).toBeEnabled();
      await page.unroute(pattern);
      const planned = (await upcomingBreaks(page.request)).length;
      expect(planned).toBeGreaterThan(0);
      await expectToast(
        page,
        'Breakers Refreshed',
        `${planned} ${planned === 1 ? 'Breaker' : 'Breakers'} scheduled for the next 6 days`,
      );
    });
  });
}
