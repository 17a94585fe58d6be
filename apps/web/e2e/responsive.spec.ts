import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { SIGNED_IN_SCREENS, VIEWPORTS, saveScreenshot, signInFresh } from './support/screens';

/** Collects the page's layout shifts (the Cumulative Layout Shift inputs) from the first paint on. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, v) => sum + v, 0));
}

/** Whether anything sticks out sideways: a phone must never scroll the whole page horizontally. */
function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width (${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('every signed-in screen fits, keeps still while its data arrives, and is saved as a screenshot', async ({
      page,
      baseURL,
    }, testInfo) => {
      await recordLayoutShifts(page);
      await signInFresh(page, baseURL ?? '');
      for (const screen of SIGNED_IN_SCREENS) {
        await test.step(screen.path, async () => {
          await page.goto(screen.path);
          await expect(screen.ready(page)).toBeVisible();
          // Late arrivals (the header's indicators, fonts) get a moment to land before the shifts are added up.
          await page.waitForTimeout(500);
          expect(await overflowsSideways(page), `${screen.path} overflows sideways`).toBe(false);
          expect(await layoutShift(page), `${screen.path} layout shift`).toBeLessThan(0.1);
          await saveScreenshot(page, testInfo, `${screen.name}-${viewport.name}`);
        });
      }
    });

    test('the side navigation is always there on wide screens and behind a burger on phones', async ({
      page,
      baseURL,
    }, testInfo) => {
      await signInFresh(page, baseURL ?? '');
      await page.goto('/');
      const navigation = page.getByRole('navigation', { name: 'Main' });
      const burger = page.getByRole('button', { name: 'Open navigation' });
      if (viewport.name === 'desktop') {
        await expect(burger).toBeHidden();
        await expect(navigation.getByRole('link', { name: 'Break Activities' })).toBeVisible();
        return;
      }
      await expect(navigation.getByRole('link', { name: 'Break Activities' })).not.toBeInViewport();
      await burger.click();
      for (const label of ['Dashboard', 'Calendar', 'Break Activities', 'Analytics', 'Settings'])
        await expect(navigation.getByRole('link', { name: label })).toBeVisible();
      await expect(navigation.getByRole('link', { name: 'Log Out' })).toBeVisible();
      await saveScreenshot(page, testInfo, 'navigation-open-phone');
      await navigation.getByRole('link', { name: 'Break Activities' }).click();
      await expect(page.getByRole('heading', { name: 'Break Library', level: 1 })).toBeVisible();
      // Choosing a screen closes the navigation again: hidden, and its links out of the tab order.
      await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Settings', exact: true })).toBeHidden();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('nav') ?? null)).toBeNull();
    });
  });
}
