import { expect, test, type Page } from '@playwright/test';
import { submitLogin, submitRegistration } from './support/accounts';
import { chooseOption } from './support/week-grid';

const PASSWORD = 'stretch-and-breathe-42';

/** Breaks go on work days (Monday–Friday) within the next 6 days; late in the week they all fall into next week. */
async function noWorkTimeLeftThisWeek(page: Page): Promise<boolean> {
  const { weekday, minutes } = await page.evaluate(() => {
    const now = new Date();
    return { weekday: now.getDay(), minutes: now.getHours() * 60 + now.getMinutes() };
  });
  return weekday === 6 || weekday === 0 || (weekday === 5 && minutes >= 18 * 60 + 30);
}

test('register, sign in, set work hours, refresh and see the week of breaks', async ({ page }, testInfo) => {
  const username = `e2e-${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  await test.step('register', async () => {
    await page.goto('/register');
    await submitRegistration(page, { username, email: `${username}@example.com`, password: PASSWORD });
    await expect(page).toHaveURL(/\/login$/);
    // The URL changes before the login screen's code has loaded and replaced the registration form.
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  await test.step('sign in', async () => {
    await submitLogin(page, username, PASSWORD);
    await expect(page.getByRole('heading', { name: `Welcome to Breaker, ${username}!` })).toBeVisible();
  });

  const navigation = page.getByRole('navigation', { name: 'Main' });

  await test.step('set breaks per day and a long work day', async () => {
    await navigation.getByRole('link', { name: 'Settings' }).click();
    await chooseOption(page, 'Breaks per day', '4');
    await chooseOption(page, 'Work starts at', '07:00');
    await chooseOption(page, 'Work ends at', '19:00');
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(page.getByText('Preferences updated successfully!')).toBeVisible();
  });

  await test.step('refresh breaks on the calendar', async () => {
    await navigation.getByRole('link', { name: 'Calendar' }).click();
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Refresh Breakers' }).click();
    await expect(page.getByText('Breakers Refreshed')).toBeVisible();
  });

  await test.step('the week shows the hour grid, the legend and the breaks', async () => {
    if (await noWorkTimeLeftThisWeek(page)) await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page.getByRole('group', { name: /^Monday, / })).toBeVisible();
    for (const hour of ['8 AM', '12 PM', '7 PM']) await expect(page.getByText(hour, { exact: true })).toBeVisible();
    const legend = page.getByRole('list', { name: 'Legend' });
    for (const entry of ['Breakers', 'Completed', 'Meeting'])
      await expect(legend.getByText(entry, { exact: true })).toBeVisible();

    const firstBreak = page.getByTestId('break-block').first();
    await expect(firstBreak).toBeVisible();
    await expect(firstBreak).toHaveAccessibleName(/ at \d{1,2}:\d{2} (AM|PM), \d+ min, scheduled$/);
  });

  await test.step('complete a break from its details', async () => {
    await page.getByTestId('break-block').first().click();
    const details = page.getByRole('dialog');
    await expect(details.getByRole('heading', { name: 'Instructions' })).toBeVisible();
    await details.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(page.getByText('Break Updated')).toBeVisible();
    await expect(page.getByRole('button', { name: /, completed$/ })).toHaveCount(1);
  });
});
