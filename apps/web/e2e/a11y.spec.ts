import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { SIGNED_IN_SCREENS, SIGNED_OUT_SCREENS, VIEWPORTS, saveScreenshot, signInFresh, type Screen } from './support/screens';

/** WCAG 2.1 A and AA; the spec's quality bar is no serious or critical violation on any screen. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

/** Landmarks (best practice, outside the WCAG tags above): one main landmark, and no content outside a landmark. */
async function landmarkViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules(['landmark-one-main', 'region']).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

async function scan(page: Page, screen: Screen, viewport: string, testInfo: TestInfo): Promise<void> {
  await page.goto(screen.path);
  await expect(screen.ready(page)).toBeVisible();
  await saveScreenshot(page, testInfo, `${screen.name}-${viewport}`);
  expect(await seriousViolations(page), `${screen.path} at ${viewport} width`).toEqual([]);
}

/** The signed-out forms: the spec's sign-in, registration and reset-request screens, and the others in the same card. */
const FORM_SCREENS = SIGNED_OUT_SCREENS.filter((screen) => screen.path !== '/' && screen.path !== '/oauth-debug');

async function newPage(browser: Browser, baseURL: string | undefined, width: number, height: number): Promise<Page> {
  // axe runs its script in the page: it needs a page of a context of our own (toolchain.md).
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height },
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
  });
  return context.newPage();
}

test('the signed-out forms have one main landmark and nothing outside a landmark', async ({ browser, baseURL }) => {
  expect(FORM_SCREENS.map((screen) => screen.path)).toEqual(expect.arrayContaining(['/login', '/register', '/forgot-password']));
  const page = await newPage(browser, baseURL, 1280, 800);
  for (const screen of FORM_SCREENS) {
    await test.step(screen.path, async () => {
      await page.goto(screen.path);
      await expect(screen.ready(page)).toBeVisible();
      expect(await landmarkViolations(page), screen.path).toEqual([]);
    });
  }
  await page.context().close();
});

for (const viewport of VIEWPORTS) {
  test(`signed-out screens have no serious accessibility problems at ${viewport.name} width`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    // A whole list of screens, each loaded and scanned in turn: on a loaded two-core machine that takes longer than
    // one screen's test is given.
    test.slow();
    const page = await newPage(browser, baseURL, viewport.width, viewport.height);
    for (const screen of SIGNED_OUT_SCREENS) {
      await test.step(screen.path, () => scan(page, screen, viewport.name, testInfo));
    }
    await page.context().close();
  });

  test(`signed-in screens have no serious accessibility problems at ${viewport.name} width`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    // A whole list of screens, each loaded and scanned in turn: on a loaded two-core machine that takes longer than
    // one screen's test is given.
    test.slow();
    const page = await newPage(browser, baseURL, viewport.width, viewport.height);
    await signInFresh(page, baseURL ?? '');
    for (const screen of SIGNED_IN_SCREENS) {
      await test.step(screen.path, () => scan(page, screen, viewport.name, testInfo));
    }
    await test.step('the navigation opened from the burger', async () => {
      if (viewport.name !== 'phone') return;
      await page.goto('/');
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
    await page.context().close();
  });
}
