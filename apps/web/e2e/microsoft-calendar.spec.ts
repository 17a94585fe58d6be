// Microsoft Outlook in the browser, through the google stack's fake Microsoft (start-stack.mjs, mode embedded-google):
// connect from Settings, a meeting on the week grid, tentative meetings set not to block, access revoked on Microsoft's side, reconnect, and disconnect.
import { newAccount, registerAndSignIn } from './support/accounts';
import { addDays, columnName, nextWorkDayInView, TIME_ZONE } from './support/days';
import { chooseMicrosoftAccount, expect, newMicrosoftAccount, test } from './support/fake-microsoft';
import { navigateTo } from './support/screens';
import { expectToast } from './support/toasts';

test('connect Microsoft Outlook: a meeting on the grid, which meetings block, revoked access, reconnect, disconnect', async ({
  page,
  microsoft,
  baseURL,
}) => {
  const owner = newMicrosoftAccount('Megan Bowen');
  const account = newAccount('outlook');
  const { target, nextWeek } = nextWorkDayInView();

  await test.step('an Outlook account with a meeting on the next work day, and a Breaker password account', async () => {
    await microsoft.addAccount(owner);
    await microsoft.setEvents(owner.userPrincipalName, [
      {
        subject: 'Quarterly planning',
        start: { dateTime: `${target}T10:00:00`, timeZone: TIME_ZONE },
        end: { dateTime: `${target}T11:30:00`, timeZone: TIME_ZONE },
        showAs: 'busy',
      },
      {
        subject: 'Vendor demo',
        start: { dateTime: `${target}T14:00:00`, timeZone: TIME_ZONE },
        end: { dateTime: `${target}T15:00:00`, timeZone: TIME_ZONE },
        showAs: 'tentative',
      },
      {
        subject: 'Design sync',
        start: { dateTime: `${addDays(target, 1)}T14:00:00`, timeZone: TIME_ZONE },
        end: { dateTime: `${addDays(target, 1)}T15:00:00`, timeZone: TIME_ZONE },
      },
    ]);
    await chooseMicrosoftAccount(page, microsoft, owner.userPrincipalName);
    await registerAndSignIn(page, baseURL!, account);
  });

  const sync = page.getByRole('button', { name: 'Sync Calendar' });
  const reconnect = page.getByRole('link', { name: 'Reconnect' });

  await test.step('Settings: Connect Microsoft Outlook, back on the calendar connected', async () => {
    await navigateTo(page, 'Settings');
    await page.getByRole('button', { name: 'Connect Microsoft Outlook' }).click();
    await expectToast(page, 'Calendar Connected!', 'Your calendar was connected successfully.');
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(sync).toBeVisible();
    await expect(reconnect).toBeVisible();
  });

  await test.step('the meeting shows on the grid', async () => {
    if (nextWeek) await page.getByRole('button', { name: 'Next week' }).click();
    const column = page.getByRole('group', { name: columnName(target), exact: true });
    await expect(column.getByTestId('meeting-block').filter({ hasText: 'Quarterly planning' })).toBeVisible();
  });

  await test.step('Settings: tentative meetings no longer block breaks, and the choice is kept', async () => {
    const column = page.getByRole('group', { name: columnName(target), exact: true });
    const tentative = column.getByTestId('meeting-block').filter({ hasText: 'Vendor demo' });
    await expect(tentative).not.toHaveAttribute('data-free');
    await navigateTo(page, 'Settings');
    const card = page.locator('#planning');
    await card.getByRole('checkbox', { name: 'Tentative' }).uncheck();
    await card.getByRole('button', { name: 'Save Planning' }).click();
    await expect(card.getByRole('status')).toContainText('Planning saved');
    await page.reload();
    await expect(card.getByRole('checkbox', { name: 'Tentative' })).not.toBeChecked();
    await expect(card.getByRole('checkbox', { name: 'Out of office' })).toBeChecked();
    await navigateTo(page, 'Calendar');
    if (nextWeek) await page.getByRole('button', { name: 'Next week' }).click();
    await expect(tentative).toHaveAttribute('data-free', 'true');
    await expect(column.getByTestId('meeting-block').filter({ hasText: 'Quarterly planning' })).not.toHaveAttribute('data-free');
  });

  await test.step('access revoked on Microsoft: Calendar Access Expired', async () => {
    await microsoft.revokeGrants(owner.userPrincipalName);
    await sync.click();
    await expectToast(page, 'Calendar Access Expired', 'Breaker can no longer read your calendar; please reconnect it');
  });

  await test.step('Reconnect: connected again, and syncing works', async () => {
    await reconnect.click();
    await expectToast(page, 'Calendar Connected!', 'Your calendar was connected successfully.');
    await sync.click();
    await expectToast(page, 'Calendar Synced', 'Your calendar is up to date');
  });

  await test.step('Settings: Disconnect Outlook', async () => {
    await navigateTo(page, 'Settings');
    await expect(page.getByText('Connected (Microsoft Outlook)')).toBeVisible();
    await page.getByRole('button', { name: 'Disconnect Outlook' }).click();
    await expectToast(page, 'Calendar Disconnected', 'Your Microsoft Outlook calendar was disconnected.');
    await expect(page.getByRole('button', { name: 'Connect Microsoft Outlook' })).toBeVisible();
  });
});
