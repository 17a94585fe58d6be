// Moving around the calendar, at desktop and phone widths: the week starts on Monday with today marked, previous and
// next move 7 days in week view and 1 in day view, Today comes back, the Day/Week toggle (day view first on a
// phone), the time-zone label names the zone of the preferences (not the browser's), the legend, both Settings
// buttons, and the pointer to the next break from days without one.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { shownTime, signInWithOneBreak } from './support/breaks';
import { addDays, columnName, dayIn, noonUtc, TIME_ZONE, weekday, zoneLabel, type Day } from './support/days';
import { VIEWPORTS, saveScreenshot, signInFresh } from './support/screens';

/** Saved in preferences, far from the browser's Europe/Berlin, so the label can only come from the preferences. */
const ZONE = 'Asia/Tokyo';

const dayColumns = (page: Page) => page.getByRole('group', { name: /^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, / });

function formatDay(day: Day, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(noonUtc(day));
}

/** Week view: month and year, both months when the week spans two (and both years across New Year). */
function weekHeading(monday: Day): string {
  const sunday = addDays(monday, 6);
  const [firstMonth, lastMonth] = [monday, sunday].map((day) => formatDay(day, { month: 'long' }));
  const [firstYear, lastYear] = [monday, sunday].map((day) => formatDay(day, { year: 'numeric' }));
  if (firstYear !== lastYear) return `${firstMonth} ${firstYear} – ${lastMonth} ${lastYear}`;
  if (firstMonth !== lastMonth) return `${firstMonth} – ${lastMonth} ${lastYear}`;
  return `${firstMonth} ${firstYear}`;
}

const dayHeading = (day: Day) => formatDay(day, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

async function expectWeekOf(page: Page, monday: Day): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name: weekHeading(monday), exact: true })).toBeVisible();
  await expect(dayColumns(page)).toHaveCount(7);
  for (let index = 0; index < 7; index += 1)
    await expect(dayColumns(page).nth(index)).toHaveAccessibleName(columnName(addDays(monday, index)));
}

async function expectDay(page: Page, day: Day): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name: dayHeading(day), exact: true })).toBeVisible();
  await expect(dayColumns(page)).toHaveCount(1);
  await expect(dayColumns(page).first()).toHaveAccessibleName(columnName(day));
}

async function chooseView(page: Page, view: 'Day' | 'Week'): Promise<void> {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${view}$`) })
    .click();
  await expect(page.getByRole('radio', { name: view })).toBeChecked();
}

for (const viewport of VIEWPORTS) {
  test.describe(`the calendar at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('weeks from Monday with today marked, previous and next by 7 or 1 days, Today, and the Day/Week toggle', async ({
      page,
      baseURL,
    }, testInfo) => {
      await signInFresh(page, baseURL!, ZONE);
      const today = dayIn(ZONE, new Date());
      const monday = addDays(today, 1 - weekday(today));
      await page.goto('/calendar');
      await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
      await expect(page.getByText('Your weekly schedule with meetings and Breakers.', { exact: true })).toBeVisible();
      await expect(page.getByText(zoneLabel(ZONE), { exact: true })).toBeVisible();

      await test.step('the first view: the week on a desktop, today on a phone', async () => {
        if (viewport.name === 'phone') {
          await expect(page.getByRole('radio', { name: 'Day' })).toBeChecked();
          await expectDay(page, today);
          await saveScreenshot(page, testInfo, `calendar-day-${viewport.name}`);
          await chooseView(page, 'Week');
        } else {
          await expect(page.getByRole('radio', { name: 'Week' })).toBeChecked();
        }
        await expectWeekOf(page, monday);
        await expect(page.locator('[aria-current="date"]')).toHaveText(String(Number(today.slice(8))));
        for (const hour of ['8 AM', '12 PM', '7 PM']) await expect(page.getByText(hour, { exact: true })).toBeVisible();
        await saveScreenshot(page, testInfo, `calendar-week-${viewport.name}`);
      });

      await test.step('week view: next and previous move 7 days; Today comes back', async () => {
        await page.getByRole('button', { name: 'Next week' }).click();
        await expectWeekOf(page, addDays(monday, 7));
        await expect(page.locator('[aria-current="date"]')).toHaveCount(0);
        await page.getByRole('button', { name: 'Previous week' }).click();
        await page.getByRole('button', { name: 'Previous week' }).click();
        await expectWeekOf(page, addDays(monday, -7));
        await page.getByRole('button', { name: 'Today', exact: true }).click();
        await expectWeekOf(page, monday);
      });

      await test.step('day view: next and previous move 1 day; Today comes back', async () => {
        await chooseView(page, 'Day');
        await expectDay(page, today);
        await page.getByRole('button', { name: 'Next day' }).click();
        await expectDay(page, addDays(today, 1));
        await page.getByRole('button', { name: 'Previous day' }).click();
        await page.getByRole('button', { name: 'Previous day' }).click();
        await expectDay(page, addDays(today, -1));
        await page.getByRole('button', { name: 'Today', exact: true }).click();
        await expectDay(page, today);
        await expect(page.locator('[aria-current="date"]')).toHaveText(String(Number(today.slice(8))));
      });
    });

    test('a day without breaks names the next one, and Show it goes to its day', async ({ page, baseURL }) => {
      const session = await signInWithOneBreak(page, baseURL!);
      const scheduled = new Date(session.scheduledTime);
      const yesterday = addDays(dayIn(TIME_ZONE, new Date()), -1);
      await page.goto('/calendar');
      await chooseView(page, 'Day');
      await page.getByRole('button', { name: 'Previous day' }).click();
      await expectDay(page, yesterday);

      const date = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, weekday: 'long', month: 'long', day: 'numeric' });
      const hint = page.getByText(
        `No Breakers on these days. Your next one is ${session.activity.name}, ${date.format(scheduled)} at ${shownTime(scheduled)}.`,
        { exact: true },
      );
      await expect(hint).toBeVisible();
      await page.getByRole('button', { name: 'Show it' }).click();
      await expectDay(page, dayIn(TIME_ZONE, scheduled));
      await expect(page.getByTestId('break-block').filter({ hasText: session.activity.name })).toBeVisible();
      await expect(hint).toHaveCount(0);
    });

    test('the legend names all four colours; Schedule Settings and Settings both lead to Settings', async ({ page, baseURL }) => {
      await signInFresh(page, baseURL!);
      await page.goto('/calendar');
      const legend = page.getByRole('list', { name: 'Legend' });
      await expect(legend.getByRole('listitem')).toHaveText(['Breakers', 'Completed', 'Skipped', 'Meeting']);

      await page.getByRole('link', { name: 'Schedule Settings' }).click();
      await expect(page).toHaveURL(/\/settings$/);
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

      await page.goBack();
      await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
      await page.getByRole('main').getByRole('link', { name: 'Settings', exact: true }).click();
      await expect(page).toHaveURL(/\/settings$/);
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    });
  });
}
