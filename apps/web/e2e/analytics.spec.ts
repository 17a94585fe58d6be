import AxeBuilder from '@axe-core/playwright';
import type { BreakSession } from '@breaker/api-contract';
import type { Page } from '@playwright/test';
import { signInForBreaks } from './support/breaks';
import { localHour, zoneWhereItIs } from './support/days';
import { expect, test } from './support/fixtures';
import { VIEWPORTS, navigateTo, saveScreenshot } from './support/screens';
import { failProcedure } from './support/trpc-failure';

/** Two breaks later today, one taken early and one skipped, through the same calls as the calendar's buttons. */
async function takeOneSkipOne(page: Page, origin: string, offsetHours: number): Promise<BreakSession[]> {
  const now = new Date();
  const added: BreakSession[] = [];
  for (const hour of [10, 12]) {
    const response = await page.request.post('/trpc/breaks.add', {
      data: { from: localHour(now, offsetHours, hour).toISOString() },
      headers: { origin },
    });
    expect(response.status(), await response.text()).toBe(200);
    added.push(((await response.json()) as { result: { data: BreakSession } }).result.data);
  }
  const [taken, skipped] = added;
  if (!taken || !skipped) throw new Error('two breaks were added');
  const complete = await page.request.patch(`/api/break-sessions/${taken.id}`, {
    data: { completedAt: new Date().toISOString() },
    headers: { origin },
  });
  expect(complete.status(), await complete.text()).toBe(200);
  const skip = await page.request.patch(`/api/break-sessions/${skipped.id}`, { data: { skipped: true }, headers: { origin } });
  expect(skip.status(), await skip.text()).toBe(200);
  return added;
}

for (const viewport of VIEWPORTS) {
  test.describe(`analytics on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a new user is told what will appear', async ({ page, baseURL }, testInfo) => {
      await signInForBreaks(page, baseURL ?? '');
      await page.goto('/analytics');
      await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
      await expect(page.getByText('Track your wellness progress and break patterns.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Your analytics start with your first break' })).toBeVisible();
      for (const item of ['Daily and weekly completion rates', 'Your streaks of days with a break taken'])
        await expect(page.getByRole('listitem').filter({ hasText: item })).toBeVisible();
      await saveScreenshot(page, testInfo, `analytics-empty-${viewport.name}`);
      await page.getByRole('link', { name: 'Plan breaks in your calendar' }).click();
      await expect(page).toHaveURL(/\/calendar$/);
    });

    test('shows completion, streak, type mix, meeting load and history for breaks taken and skipped', async ({
      page,
      baseURL,
    }, testInfo) => {
      const { zone, offsetHours } = zoneWhereItIs(8);
      await signInForBreaks(page, baseURL ?? '', { timeZone: zone });
      const [taken, skipped] = await takeOneSkipOne(page, baseURL ?? '', offsetHours);

      await page.goto('/analytics');
      const stat = (label: string) => page.getByText(label, { exact: true }).locator('..');
      await expect(stat('Completion rate')).toContainText('50 %');
      await expect(stat('Breaks taken')).toContainText('1');
      await expect(stat('Breaks taken')).toContainText('of 2 planned');
      await expect(stat('Breaks missed')).toContainText('0');
      await expect(stat('Current streak')).toContainText('1 day');

      for (const title of [
        'Daily completion',
        'Weekly completion rate',
        'Break-type mix',
        'Completion against meeting load',
        'Break history',
      ])
        await expect(page.getByRole('region', { name: title })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Daily completion' }).locator('.recharts-surface').first()).toBeVisible();

      const history = page.getByRole('region', { name: 'Break history' }).getByRole('row');
      await expect(history).toHaveCount(3);
      await expect(history.nth(1)).toContainText(skipped?.activity.name ?? '');
      await expect(history.nth(1)).toContainText('Skipped');
      await expect(history.nth(2)).toContainText(taken?.activity.name ?? '');
      await expect(history.nth(2)).toContainText('Taken');
      await saveScreenshot(page, testInfo, `analytics-${viewport.name}`);

      // The charts and the table pass the same accessibility bar as every other screen (a11y.spec.ts scans the rest).
      const scan = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .include('main section')
        .analyze();
      const serious = scan.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`)).toEqual([]);
    });

    test('says so, and recovers, when the analytics cannot be loaded', async ({ page, baseURL }, testInfo) => {
      await signInForBreaks(page, baseURL ?? '');
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const undo = await failProcedure(page, 'analytics.summary');
      await navigateTo(page, 'Analytics');
      const problem = page.getByRole('alert').filter({ hasText: 'Analytics could not be loaded' });
      await expect(problem).toBeVisible();
      await expect(problem).toContainText('Service unavailable');
      await saveScreenshot(page, testInfo, `analytics-error-${viewport.name}`);

      await undo();
      await problem.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { name: 'Your analytics start with your first break' })).toBeVisible();
    });
  });
}
