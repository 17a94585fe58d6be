// Break reminders and the header's real state. A timer in the page fires when a break is due: a browser notification
// when the user allowed them, else an in-page reminder with a Start button. The bell names the next break (a badge
// when one is due now); the calendar indicator shows the connection's real state and when it was last synced.
// Time in the page is moved on with Playwright's clock; the browser's Notification is only observed, never replaced.
import type { BreakSession } from '@breaker/api-contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { serveIcsFeed, type IcsFeed } from './support/ics-feed';
import { addableHours, addBreak, signInForBreaks } from './support/breaks';
import { TIME_ZONE } from './support/days';

/** Records each notification the page creates, then lets the browser's own constructor show it. */
function observeNotifications(): void {
  const Browser = window.Notification;
  const shown: { title: string; body: string }[] = [];
  (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
  class Observed extends Browser {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      shown.push({ title, body: options?.body ?? '' });
    }
  }
  Object.defineProperty(Observed, 'permission', { get: () => Browser.permission });
  Object.defineProperty(Observed, 'requestPermission', { value: Browser.requestPermission.bind(Browser) });
  window.Notification = Observed;
}

function shownTime(instant: Date): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' }).format(instant);
}

/**
 * Adds the first break that can still be added, takes over the page's clock (each test moves it on to the break) and
 * opens the dashboard and the bell, which names that break as the next one.
 */
async function openBellBeforeNextBreak(
  page: Page,
  origin: string,
): Promise<{ session: BreakSession; start: Date; bell: Locator }> {
  const [hour] = addableHours();
  const session = await addBreak(page.request, origin, hour!);
  const start = new Date(session.scheduledTime);
  await page.clock.install();
  await page.goto('/');

  const bell = page.getByRole('button', { name: `Next break: ${session.activity.name} at ${shownTime(start)}` });
  await expect(bell).toBeVisible();
  await bell.click();
  return { session, start, bell };
}

test('with permission granted, a due break raises a browser notification and the bell says it is due', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications']);
  await page.addInitScript(observeNotifications);
  await signInForBreaks(page, baseURL!);
  const { session, start, bell } = await openBellBeforeNextBreak(page, baseURL!);
  await expect(page.getByText('Reminders arrive as browser notifications.')).toBeVisible();
  await bell.click();
  await expect(page.getByText('Reminders arrive as browser notifications.')).toBeHidden();

  await page.clock.fastForward(start.getTime() - Date.now() + 1000);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shownNotifications: unknown[] }).shownNotifications))
    .toEqual([{ title: `Time for a break: ${session.activity.name}`, body: `${shownTime(start)} · ${session.duration} min` }]);
  await expect(page.getByRole('alert').filter({ hasText: 'Time for a break' })).toHaveCount(0);
  const dueBell = page.getByRole('button', { name: `Break due now: ${session.activity.name}` });
  await expect(dueBell).toBeVisible();
  await dueBell.click();
  // Exact: the dashboard's Start Break Session card, named with the next break, is a button too.
  await page.getByRole('button', { name: 'Start Break Session', exact: true }).click();
  await expect(page.getByRole('dialog', { name: `Break session: ${session.activity.name}` })).toBeVisible();
});

test('without permission, the reminder shows in the page and its Start opens the guided break', async ({ page, baseURL }) => {
  await page.addInitScript(observeNotifications);
  await signInForBreaks(page, baseURL!);
  const { session, start, bell } = await openBellBeforeNextBreak(page, baseURL!);
  // Asked only from this button, never on page load.
  await expect(page.getByRole('button', { name: 'Allow browser notifications' })).toBeVisible();
  await bell.click();
  await expect(page.getByRole('button', { name: 'Allow browser notifications' })).toBeHidden();

  await page.clock.fastForward(start.getTime() - Date.now() + 1000);
  const reminder = page.getByRole('alert').filter({ hasText: 'Time for a break' });
  await expect(reminder.getByText(`${session.activity.name} at ${shownTime(start)}, ${session.duration} min.`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('reminder-card.png') });
  expect(await page.evaluate(() => (window as unknown as { shownNotifications: unknown[] }).shownNotifications)).toEqual([]);
  await reminder.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('dialog', { name: `Break session: ${session.activity.name}` })).toBeVisible();
  await expect(reminder).toBeHidden();
});

test('browser notifications are asked for from the bell, not on page load', async ({ page, context, baseURL }) => {
  await signInForBreaks(page, baseURL!);
  await page.goto('/');
  const bell = page.getByRole('button', { name: 'No breaks coming up' });
  await expect(bell).toBeVisible();
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await bell.click();
  await expect(page.getByText('No breaks coming up. Refresh Breakers on the calendar to plan some.')).toBeVisible();
  // The browser answers the request as the person would by allowing it.
  await context.grantPermissions(['notifications']);
  await page.getByRole('button', { name: 'Allow browser notifications' }).click();
  await expect(page.getByText('Reminders arrive as browser notifications.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Allow browser notifications' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('bell-popover.png') });
});

test('with reminders off in Settings, no reminder comes and the bell says how to turn them on', async ({ page, baseURL }) => {
  await signInForBreaks(page, baseURL!, { reminders: false });
  const { session, start, bell } = await openBellBeforeNextBreak(page, baseURL!);
  await expect(page.getByText('Break reminders are off.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Turn them on in Settings' })).toBeVisible();
  await bell.click();
  await expect(page.getByText('Break reminders are off.')).toBeHidden();
  await page.clock.fastForward(start.getTime() - Date.now() + 1000);
  await expect(page.getByRole('button', { name: `Break due now: ${session.activity.name}` })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Time for a break' })).toHaveCount(0);
});

/** A one-meeting calendar feed on 127.0.0.1 (the stacks allow private feed addresses). */
async function startFeed(): Promise<IcsFeed> {
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Breaker//e2e//EN',
    'BEGIN:VEVENT',
    'UID:header-status@example.com',
    'DTSTAMP:20260101T000000Z',
    'DTSTART:20260101T090000Z',
    'DTEND:20260101T100000Z',
    'SUMMARY:Planning',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  return serveIcsFeed(ics);
}

test('the calendar indicator shows not connected, then synced with the exact time in its tooltip', async ({ page, baseURL }) => {
  await signInForBreaks(page, baseURL!);
  await page.goto('/');
  const indicator = page.getByTestId('sync-indicator');
  await expect(indicator).toHaveText('Not connected');
  await expect(indicator).toHaveAttribute('data-state', 'not-connected');

  const feed = await startFeed();
  try {
    const connected = await page.request.put('/api/calendar/ics-feed', {
      data: { url: feed.url },
      headers: { origin: baseURL! },
    });
    expect(connected.status(), await connected.text()).toBe(200);
    await page.reload();
    await expect(indicator).toHaveText('Synced just now');
    await expect(indicator).toHaveAttribute('data-state', 'synced');
    await indicator.hover();
    await expect(page.getByRole('tooltip')).toHaveText(/^Last synced \w+day, \w+ \d+ at \d+:\d\d [AP]M$/);
  } finally {
    await feed.close();
  }
});
