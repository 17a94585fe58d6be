// A CalDAV account instead of Google, against a real Radicale that this spec starts on 127.0.0.1 (start-stack.mjs
// sets ALLOW_PRIVATE_FEEDS=true, which also lets the API reach a CalDAV server there): connect it in Settings, see its
// meeting on the week grid, see a meeting added on the server after Sync Calendar, reconnect after the password
// changed on the server, and disconnect.
import { startRadicale, type RadicaleServer } from '../../../packages/jobs/src/providers/caldav/radicale.test-support';
import { newAccount, registerAndSignIn } from './support/accounts';
import { columnName, type Day, icsUtc, nextWorkDayInView } from './support/days';
import { expect, test } from './support/fixtures';
import { navigateTo } from './support/screens';
import { expectToast } from './support/toasts';

function meeting(day: Day, uid: string, title: string, from: string, to: string): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Breaker//e2e//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${icsUtc(day, '00:00')}`,
    `DTSTART:${icsUtc(day, from)}`,
    `DTEND:${icsUtc(day, to)}`,
    `SUMMARY:${title}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

test('connect a CalDAV account: its meeting on the grid, a server-side change after sync, reconnect, disconnect', async ({
  page,
  baseURL,
}) => {
  const { target, nextWeek } = nextWorkDayInView();
  const radicale: RadicaleServer = await startRadicale();
  const account = newAccount('dav');

  try {
    const work = await radicale.makeCalendar('work', 'Work');
    await radicale.put(work, 'planning.ics', meeting(target, 'planning@example.com', 'Quarterly planning', '10:00', '12:00'));
    const column = page.getByRole('group', { name: columnName(target), exact: true });
    const meetingBlocks = column.getByTestId('meeting-block');
    const sync = page.getByRole('button', { name: 'Sync Calendar' });

    await test.step('Settings: Connect CalDAV with a wrong password is refused, then the right one connects', async () => {
      await registerAndSignIn(page, baseURL!, account);
      await navigateTo(page, 'Settings');
      const form = page.getByRole('form', { name: 'Connect CalDAV' });
      await expect(form.getByText('https://caldav.fastmail.com')).toBeVisible();
      await form.getByRole('textbox', { name: 'CalDAV server URL' }).fill(radicale.origin);
      await form.getByRole('textbox', { name: 'User name' }).fill(radicale.username);
      await form.getByLabel('App password').fill('not-the-password');
      await form.getByRole('button', { name: 'Connect CalDAV' }).click();
      await expectToast(page, 'Connection Failed', 'The CalDAV server did not accept that user name and password');
      await form.getByLabel('App password').fill(radicale.password);
      await form.getByRole('button', { name: 'Connect CalDAV' }).click();
      await expectToast(page, 'Calendar Connected!', 'Read 1 event from 1 calendar');
      await expect(page.getByText('Connected (CalDAV)')).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'Work', exact: true })).toBeChecked();
      await expect(page.getByRole('radio', { name: 'Work', exact: true })).toBeChecked();
    });

    await test.step('the meeting from Radicale shows on the week grid', async () => {
      await navigateTo(page, 'Calendar');
      if (nextWeek) await page.getByRole('button', { name: 'Next week' }).click();
      await expect(meetingBlocks.filter({ hasText: 'Quarterly planning' })).toBeVisible();
      await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-provider', 'caldav');
    });

    await test.step('a meeting added on the server shows after Sync Calendar', async () => {
      await radicale.put(work, 'review.ics', meeting(target, 'review@example.com', 'Design review', '15:00', '16:00'));
      await sync.click();
      await expectToast(page, 'Calendar Synced', 'Your calendar is up to date');
      await expect(meetingBlocks.filter({ hasText: 'Design review' })).toBeVisible();
      await expect(meetingBlocks).toHaveCount(2);
    });

    await test.step('the password changes on the server: Calendar Access Expired, then reconnect with the new one', async () => {
      radicale.changePassword('a-new-app-password-7');
      await sync.click();
      await expectToast(page, 'Calendar Access Expired', 'Breaker can no longer read your calendar; please reconnect it');
      await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-state', 'needs-reconnection');
      await navigateTo(page, 'Settings');
      const form = page.getByRole('form', { name: 'Connect CalDAV' });
      await form.getByRole('textbox', { name: 'CalDAV server URL' }).fill(radicale.origin);
      await form.getByRole('textbox', { name: 'User name' }).fill(radicale.username);
      await form.getByLabel('App password').fill(radicale.password);
      await form.getByRole('button', { name: 'Connect CalDAV' }).click();
      await expectToast(page, 'Calendar Connected!', 'Read 2 events from 1 calendar');
      await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-state', 'synced');
      await expect(form).toBeHidden();
    });

    await test.step('Disconnect CalDAV: the meetings are gone', async () => {
      await navigateTo(page, 'Settings');
      await page.getByRole('button', { name: 'Disconnect CalDAV' }).click();
      await expectToast(page, 'Calendar Disconnected', 'Your CalDAV account was disconnected.');
      await expect(page.getByRole('form', { name: 'Connect CalDAV' })).toBeVisible();
      await navigateTo(page, 'Calendar');
      if (nextWeek) await page.getByRole('button', { name: 'Next week' }).click();
      await expect(meetingBlocks).toHaveCount(0);
      expect((await radicale.objects(work)).filter((o) => o.data.includes('@breaker'))).toEqual([]);
    });
  } finally {
    await radicale.close();
  }
});
