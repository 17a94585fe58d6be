// Refresh Breakers refused, at desktop and phone widths: signed out meanwhile (the server's own 401) it says Session
// Expired; refused as someone else's schedule (a 403, forced) it says Access Denied with the server's words.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signInForBreaks, upcomingBreaks } from './support/breaks';
import { VIEWPORTS } from './support/screens';
import { expectToast } from './support/toasts';

/** Answers every breaks.refresh call as the server refuses a refresh of another user's breaks. */
async function refuseRefreshAsForbidden(page: Page, message: string): Promise<void> {
  await page.route(/\/trpc\/[^?]*breaks\.refresh/, async (route) => {
    const error = { message, code: -32003, data: { code: 'FORBIDDEN', httpStatus: 403 } };
    const batched = new URL(route.request().url()).searchParams.has('batch');
    await route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify(batched ? [{ error }] : { error }),
    });
  });
}

for (const viewport of VIEWPORTS) {
  test.describe(`Refresh Breakers refused at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('signed out meanwhile: Session Expired', async ({ page, baseURL }) => {
      await signInForBreaks(page, baseURL!);
      await page.goto('/calendar');
      const refresh = page.getByRole('button', { name: 'Refresh Breakers' });
      await expect(refresh).toBeEnabled();
      await page.context().clearCookies();
      await refresh.click();
      await expectToast(page, 'Session Expired', 'Please log out and sign in again.');
    });

    test('refused as another user’s schedule: Access Denied with the server’s words', async ({ page, baseURL }) => {
      await signInForBreaks(page, baseURL!);
      await page.goto('/calendar');
      await refuseRefreshAsForbidden(page, 'That schedule belongs to another user');
      await page.getByRole('button', { name: 'Refresh Breakers' }).click();
      await expectToast(page, 'Access Denied', 'That schedule belongs to another user');
      await expect(page.getByRole('button', { name: 'Refresh Breakers' })).toBeEnabled();
      expect(await upcomingBreaks(page.request)).toEqual([]);
    });
  });
}
