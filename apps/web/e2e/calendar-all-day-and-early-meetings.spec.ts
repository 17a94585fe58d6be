// What a calendar feed brings to the grid beyond ordinary meetings, at desktop and phone widths: all-day events in the
// all-day row in colours of the 7-colour palette, meetings before 8 AM and after 7 PM on rows of their own instead of
// being cut off; the dashboard naming the connected feed; and Sync Calendar with the feed gone, Sync Calendar and the
// schedule itself failing (forced) say so.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { serveIcsFeed } from './support/ics-feed';
import { addDays, columnName, dayIn, TIME_ZONE, type Day } from './support/days';
import { VIEWPORTS, saveScreenshot, signInFresh } from './support/screens';
import { expectToast } from './support/toasts';
import { failProcedure } from './support/trpc-failure';

/** The palette of the all-day row (all-day-palette.ts): Mantine colours kept apart from the break and meeting ones. */
const PALETTE = ['blue', 'teal', 'orange', 'pink', 'cyan', 'grape', 'indigo'];

const ALL_DAY = ['Company offsite', 'Team holiday', 'Release day'];

/** Berlin wall-clock times, written with their zone so the feed needs no UTC arithmetic. */
function feedFor(day: Day): string {
  const compact = day.replaceAll('-', '');
  const next = addDays(day, 1).replaceAll('-', '');
  const timed = [
    { uid: 'early', title: 'Early standup', from: '060000', to: '063000' },
    { uid: 'late', title: 'Late call with Sydney', from: '200000', to: '210000' },
  ];
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Breaker//e2e//EN',
    ...ALL_DAY.flatMap((title, index) => [
      'BEGIN:VEVENT',
      `UID:all-day-${index}-${compact}@example.com`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART;VALUE=DATE:${compact}`,
      `DTEND;VALUE=DATE:${next}`,
      `SUMMARY:${title}`,
      'END:VEVENT',
    ]),
    ...timed.flatMap(({ uid, title, from, to }) => [
      'BEGIN:VEVENT',
      `UID:${uid}-${compact}@example.com`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART;TZID=${TIME_ZONE}:${compact}T${from}`,
      `DTEND;TZID=${TIME_ZONE}:${compact}T${to}`,
      `SUMMARY:${title}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** Tomorrow in day view, so the one column is the feed's day whatever the weekday. */
async function openTomorrow(page: Page, tomorrow: Day): Promise<void> {
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await page.locator('label').filter({ hasText: /^Day$/ }).click();
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.getByRole('group', { name: columnName(tomorrow), exact: true })).toBeVisible();
}

for (const viewport of VIEWPORTS) {
  test.describe(`a calendar feed on the grid at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    let feed: { url: string; close: () => Promise<void> };
    const tomorrow = addDays(dayIn(TIME_ZONE, new Date()), 1);
    test.beforeEach(async ({ page, baseURL }) => {
      feed = await serveIcsFeed(feedFor(tomorrow));
      await signInFresh(page, baseURL!);
      const connected = await page.request.put('/api/calendar/ics-feed', {
        data: { url: feed.url },
        headers: { origin: baseURL! },
      });
      expect(connected.status(), await connected.text()).toBe(200);
    });
    test.afterEach(async () => {
      await feed.close();
    });

    test('all-day events in palette colours, and grey meetings before 8 AM and after 7 PM on rows of their own', async ({
      page,
    }, testInfo) => {
      await openTomorrow(page, tomorrow);
      const column = page.getByRole('group', { name: columnName(tomorrow), exact: true });

      await expect(page.getByText('All day', { exact: true })).toBeVisible();
      for (const title of ALL_DAY) {
        const event = page.getByTitle(title, { exact: true });
        await expect(event).toHaveText(title);
        const accent = await event.evaluate((node) => (node as HTMLElement).style.getPropertyValue('--all-day-accent'));
        expect(PALETTE.map((colour) => `var(--mantine-color-${colour}-6)`)).toContain(accent);
      }
      // All-day events are not meetings of the hour grid.
      await expect(column.getByTestId('meeting-block')).toHaveCount(2);

      await expect(column.getByTestId('meeting-block').filter({ hasText: 'Early standup' })).toHaveAttribute(
        'title',
        'Early standup, 6:00 AM – 6:30 AM',
      );
      await expect(column.getByTestId('meeting-block').filter({ hasText: 'Late call with Sydney' })).toHaveAttribute(
        'title',
        'Late call with Sydney, 8:00 PM – 9:00 PM',
      );
      // Meetings are grey: the three colour channels close together (breaks are violet, green or yellow).
      const colour = await column
        .getByTestId('meeting-block')
        .first()
        .evaluate((node) => getComputedStyle(node).backgroundColor);
      const channels = (/^rgba?\((\d+), (\d+), (\d+)/.exec(colour) ?? []).slice(1).map(Number);
      expect(channels, colour).toHaveLength(3);
      expect(Math.max(...channels) - Math.min(...channels), colour).toBeLessThanOrEqual(16);
      // The grid grows from 6 AM to the 8 PM row; the spec's 8 AM to 7 PM rows stay.
      for (const hour of ['6 AM', '7 AM', '8 AM', '7 PM', '8 PM'])
        await expect(page.getByText(hour, { exact: true })).toBeVisible();
      await expect(page.getByText('5 AM', { exact: true })).toHaveCount(0);
      await expect(page.getByText('9 PM', { exact: true })).toHaveCount(0);
      await saveScreenshot(page, testInfo, `calendar-all-day-and-early-${viewport.name}`);
    });

    test('the dashboard says the calendar is connected, and names the feed', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByText('Connected (calendar feed)', { exact: true })).toBeVisible();
      await expect(page.getByText('Your meetings are read so breaks land in the gaps.', { exact: true })).toBeVisible();
      await expect(page.getByText('Not Connected', { exact: true })).toHaveCount(0);
    });

    test('a feed disconnected in another tab: Sync Calendar says Calendar Feed Not Connected', async ({ page, baseURL }) => {
      await openTomorrow(page, tomorrow);
      const removed = await page.request.delete('/api/calendar/ics-feed', { headers: { origin: baseURL! } });
      expect(removed.status(), await removed.text()).toBe(200);
      await page.getByRole('button', { name: 'Sync Calendar' }).click();
      await expectToast(page, 'Calendar Feed Not Connected', 'No calendar is connected yet');
    });

    test('Sync Calendar refused says Sync Failed; a schedule that cannot be loaded says so and comes back', async ({ page }) => {
      await openTomorrow(page, tomorrow);
      const undoSync = await failProcedure(page, 'calendar.sync', 'The calendar is resting');
      await page.getByRole('button', { name: 'Sync Calendar' }).click();
      await expectToast(page, 'Sync Failed', 'The calendar is resting');
      await expect(page.getByRole('button', { name: 'Sync Calendar' })).toBeEnabled();
      await undoSync();

      const undoEvents = await failProcedure(page, 'calendar.events', 'The calendar is resting');
      await page.reload();
      const problem = page.getByRole('alert').filter({ hasText: 'Your schedule could not be loaded' });
      await expect(problem).toBeVisible();
      await expect(problem).toContainText('The calendar is resting');
      await undoEvents();
      await problem.getByRole('button', { name: 'Try again' }).click();
      await expect(problem).toBeHidden();
      await page.locator('label').filter({ hasText: /^Day$/ }).click();
      await page.getByRole('button', { name: 'Next day' }).click();
      await expect(page.getByRole('group', { name: columnName(tomorrow), exact: true }).getByTestId('meeting-block')).toHaveCount(
        2,
      );
    });
  });
}
