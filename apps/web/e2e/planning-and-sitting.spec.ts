// The Planning card (work days, break types, equipment, calendar sync) reached from the dashboard, kept across a
// reload; why a break is where it is, in its dialog and tooltip; and the analytics' longest sitting stretch.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addBreak, openCalendarWithBreak, signInForBreaks } from './support/breaks';
import { localHour, zoneWhereItIs } from './support/days';
import { expect, test } from './support/fixtures';
import { VIEWPORTS, saveScreenshot, signInFresh } from './support/screens';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/** '5 h 12 min' → 312. */
function minutesOf(text: string): number {
  const hours = /(\d+) h/.exec(text)?.[1] ?? '0';
  const minutes = /(\d+) min/.exec(text)?.[1] ?? '0';
  return Number(hours) * 60 + Number(minutes);
}

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the dashboard leads to the Planning card, and each choice made there is still there after a reload', async ({
      page,
      baseURL,
    }, testInfo) => {
      await signInFresh(page, baseURL ?? '');
      await page.goto('/');
      await expect(page.getByText('No preferences set')).toBeVisible();
      await expect(page.getByText('No equipment specified')).toBeVisible();
      await page.getByRole('link', { name: 'Choose break types in Settings' }).click();
      await expect(page).toHaveURL(/\/settings#planning$/);

      const card = page.locator('#planning');
      await expect(card.getByRole('heading', { name: 'Planning' })).toBeVisible();
      await expect(card.getByRole('checkbox', { name: 'Mon' })).toBeChecked();
      await expect(card.getByRole('checkbox', { name: 'Sat' })).not.toBeChecked();
      await card.getByRole('checkbox', { name: 'Mon' }).uncheck();
      await card.getByRole('checkbox', { name: 'Sat' }).check();
      await card.getByRole('checkbox', { name: 'Eye rest' }).check();
      await card.getByRole('checkbox', { name: 'Walk' }).check();
      const equipment = card.getByRole('combobox', { name: 'Available equipment' });
      await equipment.fill('stairs');
      await equipment.press('Enter');
      await equipment.fill('no wall');
      await equipment.press('Enter');
      await card
        .locator('label')
        .filter({ hasText: /^Daily$/ })
        .click();
      expect(await overflowsSideways(page), 'the settings overflow sideways').toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await card.getByRole('button', { name: 'Save Planning' }).click();
      await expect(card.getByRole('status')).toContainText('Planning saved');

      await page.reload();
      await expect(card.getByRole('checkbox', { name: 'Mon' })).not.toBeChecked();
      await expect(card.getByRole('checkbox', { name: 'Sat' })).toBeChecked();
      await expect(card.getByRole('checkbox', { name: 'Tue' })).toBeChecked();
      await expect(card.getByRole('checkbox', { name: 'Eye rest' })).toBeChecked();
      await expect(card.getByRole('checkbox', { name: 'Walk' })).toBeChecked();
      await expect(card.getByRole('checkbox', { name: 'Stretch' })).not.toBeChecked();
      await expect(card.getByText('stairs', { exact: true })).toBeVisible();
      await expect(card.getByText('no wall', { exact: true })).toBeVisible();
      await expect(card.getByRole('radio', { name: 'Daily' })).toBeChecked();
      await saveScreenshot(page, testInfo, `planning-card-${viewport.name}`);

      await page.goto('/');
      await expect(page.getByText('Eye rest, Walk')).toBeVisible();
      await expect(page.getByText('Stairs, No wall')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Choose break types in Settings' })).toHaveCount(0);
    });

    test('a work day left without any day is refused with a message', async ({ page, baseURL }) => {
      await signInFresh(page, baseURL ?? '');
      await page.goto('/settings');
      const card = page.locator('#planning');
      for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) await card.getByRole('checkbox', { name: day }).uncheck();
      await card.getByRole('button', { name: 'Save Planning' }).click();
      await expect(card.getByText('Choose at least one work day')).toBeVisible();
      await page.reload();
      await expect(card.getByRole('checkbox', { name: 'Mon' })).toBeChecked();
    });

    test('the break dialog says why the break is where it is', async ({ page, baseURL }) => {
      const session = await openCalendarWithBreak(page, baseURL ?? '');
      expect(session.placementReason).toBeTruthy();
      const block = page.getByTestId('break-block').filter({ hasText: session.activity.name });
      if (viewport.name === 'desktop') {
        await block.hover();
        await expect(page.getByRole('tooltip')).toHaveText(session.placementReason ?? '');
      }
      await block.click();
      const dialog = page.getByRole('dialog', { name: session.activity.name });
      await expect(dialog.getByTestId('break-reason')).toHaveText(`Why here: ${session.placementReason ?? ''}`);
      expect(await overflowsSideways(page), 'the dialog overflows sideways').toBe(false);
      // The dialog opens under the pointer that clicked the block: checked at rest, with no button hovered.
      await page.mouse.move(0, 0);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('analytics show the longest sitting stretch, with and without the breaks taken', async ({ page, baseURL }, testInfo) => {
      // Noon in the user's zone: the work day (07:00–19:00) has run five hours and more.
      const { zone, offsetHours } = zoneWhereItIs(12);
      const origin = baseURL ?? '';
      await signInForBreaks(page, origin, { timeZone: zone });
      const session = await addBreak(page.request, origin, localHour(new Date(), offsetHours, 14));
      const taken = await page.request.patch(`/api/break-sessions/${session.id}`, {
        data: { completedAt: new Date().toISOString() },
        headers: { origin },
      });
      expect(taken.status(), await taken.text()).toBe(200);

      await page.goto('/analytics');
      const region = page.getByRole('region', { name: 'Longest sitting stretch' });
      await expect(region).toBeVisible();
      await expect(region.locator('.recharts-surface').first()).toBeVisible();
      const summary = region.getByTestId('sitting-summary');
      await expect(summary).toHaveText(
        /^Over 1 work day, your longest time sitting averaged .+ with the breaks you took, against .+ without them\.$/,
      );
      const [withBreaks = '', without = ''] = ((await summary.textContent()) ?? '').split('against');
      expect(minutesOf(without)).toBeGreaterThanOrEqual(5 * 60);
      // Taken just now, for its length: the stretch before it is that much shorter than the day so far (give or take
      // the minute the page took to load).
      expect(minutesOf(withBreaks)).toBeLessThanOrEqual(minutesOf(without) - session.duration);
      expect(minutesOf(withBreaks)).toBeGreaterThanOrEqual(minutesOf(without) - session.duration - 1);
      expect(await overflowsSideways(page), 'analytics overflow sideways').toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, testInfo, `analytics-sitting-${viewport.name}`);
    });
  });
}
