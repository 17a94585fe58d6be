// Saving Settings takes the time zone from the browser at that moment (spec §3), at desktop and phone widths: a user
// whose saved zone is Tokyo, saving from a browser in New York, is then in New York, and the calendar says so.
import type { Preferences } from '@breaker/api-contract';
import { zoneLabel } from './support/days';
import { expect, test } from './support/fixtures';
import { VIEWPORTS, navigateTo, signInFresh } from './support/screens';
import { expectToast } from './support/toasts';

const BROWSER_ZONE = 'America/New_York';

for (const viewport of VIEWPORTS) {
  test.describe(`Settings at ${viewport.name} width in a browser in New York`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height }, timezoneId: BROWSER_ZONE });

    test('Save Preferences stores the browser’s zone, and the calendar shows it', async ({ page, baseURL }) => {
      await signInFresh(page, baseURL!, 'Asia/Tokyo');
      await page.goto('/calendar');
      await expect(page.getByText(zoneLabel('Asia/Tokyo'), { exact: true })).toBeVisible();

      await navigateTo(page, 'Settings');
      await page.getByRole('button', { name: 'Save Preferences' }).click();
      await expect(page.getByText('Preferences updated successfully!')).toBeVisible();
      await expectToast(page, 'Settings Updated', 'Your preferences have been saved successfully.');
      const stored = (await (await page.request.get('/api/user/preferences')).json()) as Preferences;
      expect(stored.timezone).toBe(BROWSER_ZONE);

      await navigateTo(page, 'Calendar');
      await expect(page.getByText(zoneLabel(BROWSER_ZONE), { exact: true })).toBeVisible();
    });
  });
}
