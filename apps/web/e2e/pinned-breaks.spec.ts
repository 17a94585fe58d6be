// A break the user adds by hand is theirs: Refresh Breakers plans the other breaks around it instead of replacing it,
// and the calendar says so on the break and in its details.
import type { Locator, Page } from '@playwright/test';
import type { BreakSession } from '@breaker/api-contract';
import { expect, test } from './support/fixtures';
import { berlinHour, openCalendarOn, signInForBreaks, upcomingBreaks } from './support/breaks';
import { addDays, columnName, dayIn, TIME_ZONE } from './support/days';
import { expectToast, toasts } from './support/toasts';

const MINUTE = 60_000;
/** The engine's spacing between two breaks (packages/scheduler RULES.minimumSpacingMinutes). */
const SPACING_MINUTES = 30;

const PLACED_BY_YOU = 'Placed by you: Refresh Breakers keeps it';

const endOf = (session: BreakSession): number => Date.parse(session.scheduledTime) + session.duration * MINUTE;

const timeShown = (session: BreakSession): string =>
  new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' }).format(
    new Date(session.scheduledTime),
  );

/** Opens the details of the break its block shows, hands the dialog to `check`, and closes it again. */
async function inDetails(page: Page, block: Locator, session: BreakSession, check: (dialog: Locator) => Promise<void>) {
  await block.click();
  const dialog = page.getByRole('dialog', { name: session.activity.name });
  await expect(dialog).toBeVisible();
  await check(dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('a break added by hand in an empty slot stays where it is through Refresh Breakers', async ({ page, baseURL }) => {
  await signInForBreaks(page, baseURL!);
  // Tomorrow at 11 AM, off the times a refresh would pick on its own (9 AM, 1 PM and 5 PM for 3 breaks from 7 to 7).
  const day = addDays(dayIn(TIME_ZONE, new Date()), 1);
  const hour = berlinHour(day, 11);
  await openCalendarOn(page, hour);
  const column = page.getByRole('group', { name: columnName(day), exact: true });

  const hourName = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hour: 'numeric' }).format(hour);
  await column.getByRole('button', { name: `Add break at ${hourName} on ${columnName(day)}` }).click({ force: true });
  await expect.poll(async () => (await upcomingBreaks(page.request)).length).toBe(1);
  const [added] = await upcomingBreaks(page.request);
  expect(added!.pinned).toBe(true);
  await expectToast(page, 'Break Added', `${added!.activity.name} was added to your schedule.`);
  const shown = timeShown(added!);
  // By name and time: the planner may pick the same activity for another break of the day.
  const block = column
    .getByTestId('break-block')
    .filter({ hasText: added!.activity.name })
    .filter({ hasText: `${shown} · ${added!.duration} min` });
  await expect(block).toBeVisible();

  await page.getByRole('button', { name: 'Refresh Breakers' }).click();
  const refreshed = toasts(page).getByRole('alert').filter({ hasText: 'Breakers Refreshed' });
  await expect(refreshed).toBeVisible();
  await refreshed.getByRole('button', { name: 'Dismiss notification' }).click();

  const after = await upcomingBreaks(page.request);
  const kept = after.find((session) => session.id === added!.id);
  expect(kept, 'the break added by hand is still planned').toBeDefined();
  expect(kept).toMatchObject({
    scheduledTime: added!.scheduledTime,
    duration: added!.duration,
    activity: { id: added!.activity.id },
  });
  const sameDay = after.filter((session) => dayIn(TIME_ZONE, new Date(session.scheduledTime)) === day);
  expect(sameDay, 'the day has the 3 breaks it asks for, the one by hand among them').toHaveLength(3);
  for (const other of after.filter((session) => session.id !== added!.id)) {
    const apart = Math.max(Date.parse(other.scheduledTime) - endOf(added!), Date.parse(added!.scheduledTime) - endOf(other));
    expect(apart, `${other.activity.name} at ${other.scheduledTime} keeps clear of it`).toBeGreaterThanOrEqual(
      SPACING_MINUTES * MINUTE,
    );
  }
  // The calendar shows it at the same time, with the breaks the refresh planned around it.
  await expect(block).toBeVisible();
  await expect(column.getByTestId('break-block')).toHaveCount(3);

  // It is marked as the user's, in its name and on the block, and its details say Refresh keeps it.
  await expect(block).toHaveAccessibleName(
    `${added!.activity.name} at ${shown}, ${added!.duration} min, scheduled, placed by you`,
  );
  await expect(block).toHaveAttribute('data-pinned', 'true');
  await inDetails(page, block, added!, async (dialog) => {
    await expect(dialog.getByText(PLACED_BY_YOU)).toBeVisible();
  });

  // A break the planner placed carries no such mark.
  const planned = sameDay.find((session) => session.id !== added!.id)!;
  expect(planned.pinned).toBe(false);
  const plannedBlock = column.getByTestId('break-block').filter({ hasText: `${timeShown(planned)} · ${planned.duration} min` });
  await expect(plannedBlock).toHaveAccessibleName(
    `${planned.activity.name} at ${timeShown(planned)}, ${planned.duration} min, scheduled`,
  );
  await expect(plannedBlock).not.toHaveAttribute('data-pinned');
  await inDetails(page, plannedBlock, planned, async (dialog) => {
    await expect(dialog.getByText('Instructions')).toBeVisible();
    await expect(dialog.getByText(PLACED_BY_YOU)).toHaveCount(0);
  });
});
