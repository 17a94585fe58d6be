// Skips that come back and "Later": a skip past the day's skip budget (1 unless set) books a replacement later that
// day, shown on the calendar beside the skipped breaks; "Later" (the call a reminder's Later button makes) moves a
// break to the next free time, past another break in the way.
import type { BreakSession } from '@breaker/api-contract';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { addBreak, berlinHour, openCalendarOn, signInForBreaks, upcomingBreaks } from './support/breaks';
import { addDays, dayIn, TIME_ZONE } from './support/days';
import { expectToast } from './support/toasts';

/** An hour of tomorrow in TIME_ZONE: a whole work day ahead, whatever the hour the spec runs at. */
const tomorrowAt = (hour: number) => berlinHour(addDays(dayIn(TIME_ZONE, new Date()), 1), hour);

/** How the calendar names a break's start. */
const shownTime = (session: BreakSession) =>
  new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' }).format(
    new Date(session.scheduledTime),
  );

const blockOf = (page: Page, session: BreakSession) =>
  page.getByRole('button', { name: new RegExp(`^${session.activity.name} at ${shownTime(session)}, `) });

async function skipFromMenu(page: Page, session: BreakSession): Promise<void> {
  await page
    .getByRole('button', { name: `Actions for ${session.activity.name}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Skip Break' }).click();
  await expectToast(page, 'Break Updated', 'The break was skipped.');
}

test('a skip past the day’s budget books a replacement that the calendar shows; the skips stay listed', async ({
  page,
  baseURL,
}) => {
  await signInForBreaks(page, baseURL!);
  const morning = await addBreak(page.request, baseURL!, tomorrowAt(8));
  const noon = await addBreak(page.request, baseURL!, tomorrowAt(12));
  await openCalendarOn(page, tomorrowAt(8));
  await expect(page.getByTestId('break-block')).toHaveCount(2);

  // The first skip of the day is within the budget of 1: nothing else changes.
  await skipFromMenu(page, morning);
  await expect(page.locator('[data-status="skipped"]')).toHaveCount(1);
  await expect(page.getByTestId('break-block')).toHaveCount(2);

  await skipFromMenu(page, noon);
  await expect(page.locator('[data-status="skipped"]')).toHaveCount(2);
  await expect(page.getByTestId('break-block')).toHaveCount(3);
  const replacement = (await upcomingBreaks(page.request)).find((session) => ![morning.id, noon.id].includes(session.id));
  expect(replacement).toMatchObject({
    pinned: true,
    skipped: false,
    placementReason: 'Replaces the break you skipped at 12:00.',
  });
  expect(Date.parse(replacement!.scheduledTime)).toBeGreaterThan(Date.parse(noon.scheduledTime));
  await expect(blockOf(page, replacement!)).toHaveAccessibleName(/, scheduled, placed by you$/);
  await expect(page.locator('[data-status="scheduled"]')).toHaveCount(1);
});

test('Later moves a break to the next free time, past the break just after it', async ({ page, baseURL }) => {
  await signInForBreaks(page, baseURL!);
  const first = await addBreak(page.request, baseURL!, tomorrowAt(13));
  // The next break is placed 30 minutes after the first ends, so 10 minutes later would crowd it.
  const next = await addBreak(page.request, baseURL!, tomorrowAt(13));
  await openCalendarOn(page, tomorrowAt(13));
  await expect(blockOf(page, first)).toBeVisible();

  const later = await page.request.post(`/api/break-sessions/${first.id}/later`, { headers: { origin: baseURL! } });
  expect(later.status(), await later.text()).toBe(200);
  const moved = (await later.json()) as BreakSession;
  const nextEnd = Date.parse(next.scheduledTime) + next.duration * 60_000;
  expect(Date.parse(moved.scheduledTime)).toBeGreaterThanOrEqual(nextEnd + 30 * 60_000);
  expect(moved.placementReason).toBe('Moved later by you.');

  await openCalendarOn(page, tomorrowAt(13));
  await expect(blockOf(page, moved)).toBeVisible();
  await expect(blockOf(page, first)).toHaveCount(0);
  await expect(blockOf(page, next)).toBeVisible();
});
