import { expect, test } from './support/fixtures';
import { VIEWPORTS, navigateTo, saveScreenshot, signInFresh } from './support/screens';
import { expectToast, toasts } from './support/toasts';
import { failProcedure } from './support/trpc-failure';
import { chooseOption } from './support/week-grid';

for (const viewport of VIEWPORTS) {
  test.describe(`signed-in screens at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the dashboard greets the user and sums up their set-up', async ({ page, baseURL }, testInfo) => {
      const username = await signInFresh(page, baseURL ?? '');
      await page.goto('/');
      await expect(page.getByRole('heading', { name: `Welcome to Breaker, ${username}!`, level: 1 })).toBeVisible();
      for (const card of ['Start Break Session', 'View Schedule', 'Update Settings', 'Take a Break', 'View Analytics'])
        await expect(page.getByRole('link', { name: new RegExp(`^${card}`) })).toBeVisible();
      await expect(page.getByText('No preferences set', { exact: true })).toBeVisible();
      await expect(page.getByText('No equipment specified', { exact: true })).toBeVisible();
      await expect(page.getByText('08:00 – 17:00', { exact: true })).toBeVisible();
      await expect(page.getByText('Not Connected', { exact: true })).toBeVisible();
      await saveScreenshot(page, testInfo, `dashboard-${viewport.name}`);
      await page.getByRole('link', { name: /^Update Settings/ }).click();
      await expect(page).toHaveURL(/\/settings$/);
    });

    test('the break library: select, unsaved changes, save, and a failed save', async ({ page, baseURL }, testInfo) => {
      await signInFresh(page, baseURL ?? '');
      await page.goto('/break-activities');
      await expect(page.getByRole('heading', { name: 'Break Library', level: 1 })).toBeVisible();
      await expect(page.getByText('Select activities for your personalized break library.')).toBeVisible();
      const cards = page.getByRole('checkbox');
      await expect(cards.first()).toBeVisible();
      await expect(
        page.getByText(
          "0 activities selected for your break library. Select activities you'd like to include in your scheduled breaks",
        ),
      ).toBeVisible();

      await cards.first().click();
      await expect(cards.first()).toBeChecked();
      await expect(cards.first()).toContainText('✓ Added to your break library');
      await expect(page.getByText('You have unsaved changes to your break library.')).toBeVisible();
      await expect(page.getByText('1 activity selected for your break library', { exact: true })).toBeVisible();
      await saveScreenshot(page, testInfo, `break-library-unsaved-${viewport.name}`);

      const undo = await failProcedure(page, 'preferences.saveSelectedActivities', 'The library is resting');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Save Failed', 'The library is resting');
      await expect(page.getByText('You have unsaved changes to your break library.')).toBeVisible();
      await undo();

      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Saved!', 'Your break activity preferences have been updated.');
      await expect(page.getByText('You have unsaved changes to your break library.')).toBeHidden();
      await page.reload();
      await expect(page.getByRole('checkbox').first()).toBeChecked();
    });

    test('settings: the option sets, the success message for 3 s, and an error kept until the next save', async ({
      page,
      baseURL,
    }, testInfo) => {
      await signInFresh(page, baseURL ?? '');
      await page.goto('/settings');
      await expect(page.getByRole('heading', { name: 'Work Schedule' })).toBeVisible();
      await page.getByRole('combobox', { name: 'Breaks per day' }).click();
      await expect(page.getByRole('option')).toHaveText(['3', '4', '5', '6']);
      await page.keyboard.press('Escape');
      await page.getByRole('combobox', { name: 'Work starts at' }).click();
      await expect(page.getByRole('option')).toHaveText(['07:00', '08:00', '09:00', '10:00']);
      await page.keyboard.press('Escape');
      await page.getByRole('combobox', { name: 'Work ends at' }).click();
      await expect(page.getByRole('option')).toHaveText(['16:00', '17:00', '18:00', '19:00']);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('heading', { name: 'Account Management' })).toBeVisible();
      await saveScreenshot(page, testInfo, `settings-${viewport.name}`);

      const undo = await failProcedure(page, 'preferences.update', 'Preferences are resting');
      await page.getByRole('button', { name: 'Save Preferences' }).click();
      await expectToast(page, 'Update Failed', 'Preferences are resting');
      const kept = page.getByRole('alert').filter({ hasText: 'Preferences are resting' });
      await expect(kept).toBeVisible();
      await page.waitForTimeout(3500);
      await expect(kept).toBeVisible();
      await undo();

      await chooseOption(page, 'Breaks per day', '5');
      await page.getByRole('button', { name: 'Save Preferences' }).click();
      await expect(kept).toBeHidden();
      const success = page.getByText('Preferences updated successfully!');
      await expect(success).toBeVisible();
      await expectToast(page, 'Settings Updated', 'Your preferences have been saved successfully.');
      await expect(success).toBeHidden({ timeout: 5000 });
    });

    test('the calendar shows the connection outcome from its address once, then drops it from the address', async ({
      page,
      baseURL,
    }) => {
      await signInFresh(page, baseURL ?? '');
      const outcomes = [
        ['error=calendar_oauth_failed', 'Connection Failed', 'Calendar authorization was cancelled or failed.'],
        ['error=session_lost', 'Connection Failed', 'Session expired. Please refresh the page and try again.'],
        ['error=something_else', 'Connection Failed', 'Failed to connect calendar. Please try again.'],
      ] as const;
      for (const [query, title, message] of outcomes) {
        await page.goto(`/calendar?${query}`);
        await expectToast(page, title, message);
        await expect(page).toHaveURL(/\/calendar$/);
      }
    });

    test('toasts: one at a time, F8 reaches them; tooltips wait 700 ms', async ({ page, baseURL }) => {
      await signInFresh(page, baseURL ?? '');
      await page.goto('/settings');
      const save = page.getByRole('button', { name: 'Save Preferences' });
      await expect(save).toBeVisible();

      const undo = await failProcedure(page, 'preferences.update', 'Preferences are resting');
      await save.click();
      await expect(toasts(page).getByRole('alert')).toHaveText(/Update Failed/);
      await undo();
      await save.click();
      await expect(page.getByText('Preferences updated successfully!')).toBeVisible();
      // The success toast waits behind the failure: at most one shows.
      await expect(toasts(page).getByRole('alert')).toHaveCount(1);
      await expect(toasts(page).getByRole('alert')).toHaveText(/Update Failed/);

      await page.keyboard.press('F8');
      await expect(toasts(page).getByRole('button', { name: 'Dismiss notification' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(toasts(page).getByRole('alert').filter({ hasText: 'Update Failed' })).toBeHidden();
      await expect(toasts(page).getByRole('alert')).toHaveText(/Settings Updated/);

      if (viewport.name === 'phone') return;
      await navigateTo(page, 'Calendar');
      const refresh = page.getByRole('button', { name: 'Refresh Breakers' });
      await expect(refresh).toBeVisible();
      await refresh.hover();
      const tooltip = page.getByRole('tooltip', { name: 'Schedule new Breakers for the next 6 days' });
      await page.waitForTimeout(400);
      await expect(tooltip).toBeHidden();
      await expect(tooltip).toBeVisible();
    });
  });
}
