// The account around the screens, at desktop and phone widths: the side navigation of an account without a name or
// picture (its e-mail and the placeholder icon), the dashboard's break profile with the preferred types capitalised,
// Log Out from Settings (refused first, forced), Log Out from the navigation, and the 404 screen's way back.
import { expect, test } from './support/fixtures';
import { VIEWPORTS, navigateTo, saveScreenshot, signInFresh } from './support/screens';
import { expectToast } from './support/toasts';
import { failProcedure } from './support/trpc-failure';

const LANDING_HEADING = 'Short breaks that fit between your meetings';

for (const viewport of VIEWPORTS) {
  test.describe(`the account at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the navigation names an account without a name by its e-mail, with the placeholder instead of a picture', async ({
      page,
      baseURL,
    }, testInfo) => {
      const username = await signInFresh(page, baseURL!);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: `Welcome to Breaker, ${username}!`, level: 1 })).toBeVisible();
      const burger = page.getByRole('button', { name: 'Open navigation' });
      if (viewport.name === 'phone') await burger.click();
      const navigation = page.getByRole('navigation', { name: 'Main' });
      await expect(navigation.getByRole('link')).toHaveText([
        'Dashboard',
        'Calendar',
        'Break Activities',
        'Analytics',
        'Settings',
        'Log Out',
      ]);
      // The full name needs a first and a last name: without them the e-mail stands in, once.
      await expect(navigation.getByText(`${username}@example.com`, { exact: true })).toHaveCount(1);
      await expect(navigation.getByText(`${username}@example.com`, { exact: true })).toBeVisible();
      await expect(navigation.locator('img')).toHaveCount(0);
      await expect(navigation.locator('svg.tabler-icon-user')).toBeVisible();
      await saveScreenshot(page, testInfo, `navigation-${viewport.name}`);
    });

    test('the break profile: preferred types capitalised with hyphens as spaces, equipment, hours, breaks per day', async ({
      page,
      baseURL,
    }, testInfo) => {
      await signInFresh(page, baseURL!);
      const saved = await page.request.put('/api/user/preferences', {
        data: { preferences: { breakTypes: ['eye-rest', 'stretching'], equipment: ['resistance-band', 'none'] } },
        headers: { origin: baseURL! },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      await page.goto('/');
      const fact = (label: string) => page.getByText(label, { exact: true }).locator('..');
      await expect(fact('Preferred break activities')).toHaveText('Preferred break activitiesEye rest, Stretching');
      await expect(fact('Available equipment')).toHaveText('Available equipmentResistance band');
      await expect(fact('Work hours')).toHaveText('Work hours08:00 – 17:00');
      await expect(fact('Breaks per day')).toHaveText('Breaks per day3');
      await expect(page.getByText('Not Connected', { exact: true })).toBeVisible();
      await expect(page.getByText('so breaks land between your meetings.')).toBeVisible();
      for (const card of ['Take a Break', 'View Analytics'])
        await expect(page.getByRole('link', { name: new RegExp(`^${card}`) })).toBeVisible();
      await saveScreenshot(page, testInfo, `dashboard-profile-${viewport.name}`);
    });

    test('Log Out in Account Management: refused it says Logout Failed and stays signed in, then it signs out', async ({
      page,
      baseURL,
    }) => {
      await signInFresh(page, baseURL!);
      await page.goto('/settings');
      await expect(page.getByRole('heading', { name: 'Account Management' })).toBeVisible();
      await expect(page.getByText('Sign out of Breaker on this browser. Your breaks stay scheduled.')).toBeVisible();
      const logOut = page.getByRole('main').getByRole('button', { name: 'Log Out' });

      const undo = await failProcedure(page, 'auth.logout');
      await logOut.click();
      await expectToast(page, 'Logout Failed', 'There was an error logging out. Please try again.');
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
      expect((await page.request.get('/api/auth/user')).status()).toBe(200);
      await undo();

      await logOut.click();
      await expect(page.getByRole('heading', { name: LANDING_HEADING })).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    });

    test('Log Out in the side navigation signs out to the landing page', async ({ page, baseURL }) => {
      await signInFresh(page, baseURL!);
      await page.goto('/analytics');
      await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
      await navigateTo(page, 'Log Out');
      await expect(page.getByRole('heading', { name: LANDING_HEADING })).toBeVisible();
      expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    });

    test('the 404 screen says the page does not exist and leads back to the dashboard', async ({ page, baseURL }, testInfo) => {
      const username = await signInFresh(page, baseURL!);
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { name: '404 Page Not Found', level: 1 })).toBeVisible();
      await expect(page.getByText("That page doesn't exist. Your breaks are waiting on the dashboard.")).toBeVisible();
      await saveScreenshot(page, testInfo, `not-found-${viewport.name}`);
      await page.getByRole('link', { name: 'Go to the dashboard' }).click();
      await expect(page.getByRole('heading', { name: `Welcome to Breaker, ${username}!`, level: 1 })).toBeVisible();
    });
  });
}
