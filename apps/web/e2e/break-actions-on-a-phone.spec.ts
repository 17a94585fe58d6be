// The calendar's actions on a 375 px phone, where the other specs drive them on a desktop: the guided break session
// from a break's details, Reschedule, the in-page reminder with its Start, the bell, and Connect Google Calendar
// coming back refused from a server without a Google client.
import { expect, test } from './support/fixtures';
import {
  openCalendarWithBreak,
  rescheduleToFirstSlot,
  shownTime,
  signInForBreaks,
  signInWithOneBreak,
  upcomingBreaks,
} from './support/breaks';
import { VIEWPORTS, saveScreenshot } from './support/screens';
import { expectToast } from './support/toasts';

const PHONE = VIEWPORTS.find((viewport) => viewport.name === 'phone')!;

test.use({ viewport: { width: PHONE.width, height: PHONE.height } });

test('on a phone: a break’s details start the guided session, and End Early completes it', async ({
  page,
  baseURL,
}, testInfo) => {
  const session = await openCalendarWithBreak(page, baseURL!);

  await page.getByTestId('break-block').filter({ hasText: session.activity.name }).click();
  const details = page.getByRole('dialog', { name: session.activity.name });
  await expect(details.getByRole('heading', { name: 'Instructions' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'break-details-phone');
  await details.getByRole('button', { name: 'Start Break Session' }).click();

  const dialog = page.getByRole('dialog', { name: `Break session: ${session.activity.name}` });
  await expect(dialog.getByTestId('session-step')).toHaveText(session.activity.steps[0]!);
  await expect(dialog.getByText(`Step 1 of ${session.activity.steps.length}`, { exact: true })).toBeVisible();
  await saveScreenshot(page, testInfo, 'break-session-phone');
  await dialog.getByRole('button', { name: 'End Early' }).click();
  await expectToast(page, 'Break Updated', 'Nicely done. The break is marked as complete.');
  await expect(page.locator('[data-status="completed"]').filter({ hasText: session.activity.name })).toHaveCount(1);
  const [stored] = await upcomingBreaks(page.request);
  expect(stored?.completedAt).not.toBeNull();
});

test('on a phone: Reschedule moves a break to a slot the engine proposes', async ({ page, baseURL }) => {
  const session = await openCalendarWithBreak(page, baseURL!);

  await page.getByRole('button', { name: `Actions for ${session.activity.name}` }).click();
  await page.getByRole('menuitem', { name: 'Reschedule' }).click();
  await rescheduleToFirstSlot(page, session, 'reschedule-phone');
});

test('on a phone: without notification permission the due break shows in the page, and Start opens it', async ({
  page,
  baseURL,
}, testInfo) => {
  const session = await signInWithOneBreak(page, baseURL!);
  const start = new Date(session.scheduledTime);
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('button', { name: `Next break: ${session.activity.name} at ${shownTime(start)}` })).toBeVisible();

  await page.clock.fastForward(start.getTime() - Date.now() + 1000);
  const reminder = page.getByRole('alert').filter({ hasText: 'Time for a break' });
  await expect(reminder.getByText(`${session.activity.name} at ${shownTime(start)}, ${session.duration} min.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Break due now: ${session.activity.name}` })).toBeVisible();
  await saveScreenshot(page, testInfo, 'reminder-phone');
  await reminder.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('dialog', { name: `Break session: ${session.activity.name}` })).toBeVisible();
  await expect(reminder).toBeHidden();
});

test('on a phone: Connect Google Calendar on a server without a Google client comes back with Connection Failed', async ({
  page,
  baseURL,
}) => {
  await signInForBreaks(page, baseURL!);
  await page.goto('/calendar');
  await page.getByRole('button', { name: 'Connect Google Calendar' }).click();
  // The server sends the browser back with the failure in the address; the calendar shows it once and drops it.
  await expectToast(page, 'Connection Failed', 'Calendar authorization was cancelled or failed.');
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole('button', { name: 'Connect Google Calendar' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Sync Calendar' })).toHaveCount(0);
});

test('on a phone: the bell names the next break, starts it, and asks for browser notifications only when pressed', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const session = await signInWithOneBreak(page, baseURL!);
  await page.goto('/');
  const bell = page.getByRole('button', {
    name: `Next break: ${session.activity.name} at ${shownTime(new Date(session.scheduledTime))}`,
  });
  await bell.click();
  const allow = page.getByRole('button', { name: 'Allow browser notifications' });
  await expect(allow).toBeVisible();
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await saveScreenshot(page, testInfo, 'bell-phone');
  // The browser answers the request as the person would by allowing it.
  await context.grantPermissions(['notifications']);
  await allow.click();
  await expect(page.getByText('Reminders arrive as browser notifications.')).toBeVisible();
  await page.getByRole('button', { name: 'Start Break Session', exact: true }).click();
  await expect(page.getByRole('dialog', { name: `Break session: ${session.activity.name}` })).toBeVisible();
});
