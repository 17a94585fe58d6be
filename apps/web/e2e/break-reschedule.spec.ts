// Changing a break by hand: Change Exercise swaps the activity for one that fits the slot, Reschedule moves it to a
// free slot the engine proposes, the empty-hour plus adds one; the server's refusals (a full day, a break removed
// meanwhile) come back as error toasts.
import { expect, test } from './support/fixtures';
import {
  addableHours,
  openCalendarOn,
  openCalendarWithBreak,
  rescheduleToFirstSlot,
  signInForBreaks,
  upcomingBreaks,
} from './support/breaks';
import { columnName, dayIn, TIME_ZONE } from './support/days';
import { expectToast } from './support/toasts';

test('change the exercise of a break to another that fits its slot', async ({ page, baseURL }) => {
  const session = await openCalendarWithBreak(page, baseURL!);

  await page.getByRole('button', { name: `Actions for ${session.activity.name}` }).click();
  await page.getByRole('menuitem', { name: 'Change Exercise' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Exercise' });
  await expect(dialog.getByText(/your library first:$/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('change-exercise.png') });
  const choice = dialog.getByRole('button').filter({ hasText: ' min' }).first();
  const label = (await choice.textContent()) ?? '';
  const [name, minutes] = /^(.+?) · (\d) min/.exec(label)!.slice(1);
  expect(Number(minutes)).toBeLessThanOrEqual(session.duration);
  await choice.click();
  await expectToast(page, 'Break Updated', `Your break is now ${name}.`);
  await expect(page.getByTestId('break-block').filter({ hasText: name! })).toBeVisible();
  const [stored] = await upcomingBreaks(page.request);
  expect(stored?.activity.name).toBe(name);
  expect(stored?.scheduledTime).toBe(session.scheduledTime);
});

test('reschedule a break to a slot the engine proposes', async ({ page, baseURL }) => {
  const session = await openCalendarWithBreak(page, baseURL!);

  await page.getByTestId('break-block').filter({ hasText: session.activity.name }).click();
  await page.getByRole('dialog', { name: session.activity.name }).getByRole('button', { name: 'Reschedule' }).click();
  await rescheduleToFirstSlot(page, session, 'reschedule');
});

test('a break removed meanwhile: Reschedule shows Update Failed', async ({ page, baseURL }) => {
  const session = await openCalendarWithBreak(page, baseURL!);

  await page.getByRole('button', { name: `Actions for ${session.activity.name}` }).click();
  const removed = await page.request.delete(`/api/break-sessions/${session.id}`, { headers: { origin: baseURL! } });
  expect(removed.status()).toBe(200);
  await page.getByRole('menuitem', { name: 'Reschedule' }).click();
  await expectToast(page, 'Update Failed', 'That break was not found');
  await expect(page.getByTestId('break-block')).toHaveCount(0);
});

test('the plus of an empty hour adds a break there, until the day has all it asked for', async ({ page, baseURL }) => {
  await signInForBreaks(page, baseURL!);
  // Three hours of one day, two hours apart, and a fourth for the refusal.
  const hours = addableHours();
  const day = dayIn(TIME_ZONE, hours.at(-1)!);
  const sameDay = hours.filter((hour) => dayIn(TIME_ZONE, hour) === day);
  const picks = [sameDay[0]!, sameDay[2]!, sameDay[4]!, sameDay[6]!];
  await openCalendarOn(page, picks[0]!);
  const column = page.getByRole('group', { name: columnName(day), exact: true });

  for (const [index, pick] of picks.slice(0, 3).entries()) {
    const hourName = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hour: 'numeric' }).format(pick);
    await column.getByRole('button', { name: `Add break at ${hourName} on ${columnName(day)}` }).click({ force: true });
    await expect.poll(async () => (await upcomingBreaks(page.request)).length).toBe(index + 1);
    const [newest] = (await upcomingBreaks(page.request)).filter((b) => Date.parse(b.scheduledTime) >= pick.getTime());
    await expectToast(page, 'Break Added', `${newest!.activity.name} was added to your schedule.`);
    await expect(column.getByTestId('break-block')).toHaveCount(index + 1);
  }

  const fourth = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hour: 'numeric' }).format(picks[3]!);
  await column.getByRole('button', { name: `Add break at ${fourth} on ${columnName(day)}` }).click({ force: true });
  await expectToast(page, 'Add Failed', 'That day already has all the breaks you asked for');
  await expect(column.getByTestId('break-block')).toHaveCount(3);
});
