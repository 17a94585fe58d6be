import type { BreakSession } from '@breaker/api-contract';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { registerAccount } from './accounts';
import { dayIn, TIME_ZONE } from './days';
import { test, uniqueName } from './fixtures';
import { saveScreenshot } from './screens';
import { expectToast } from './toasts';

/** Work hours of the break specs' accounts: every day of the week, 07:00 to 19:00 in TIME_ZONE. */
const WORK_START_HOUR = 7;
const WORK_END_HOUR = 19;

/**
 * A signed-in account (the page's cookies) with 3 breaks a day, every day, 07:00 to 19:00 in `timeZone` (Berlin time
 * unless said otherwise), and reminders on or off. Everything through the API: these specs are about the breaks, not
 * the forms.
 */
export async function signInForBreaks(
  page: Page,
  origin: string,
  { reminders = true, timeZone = TIME_ZONE }: { reminders?: boolean; timeZone?: string } = {},
): Promise<void> {
  const account = { username: uniqueName('brk'), email: `${uniqueName('brk')}@example.com`, password: 'stretch-and-breathe-42' };
  await registerAccount(page.request, origin, account);
  const login = await page.request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
    headers: { origin },
  });
  expect(login.status(), await login.text()).toBe(200);
  const saved = await page.request.put('/api/user/preferences', {
    data: {
      preferences: {
        breakFrequency: 3,
        workStartTime: '07:00',
        workEndTime: '19:00',
        notificationsEnabled: reminders,
        timezone: timeZone,
        workDays: [1, 2, 3, 4, 5, 6, 7],
      },
    },
    headers: { origin },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** The instant of a wall-clock hour of TIME_ZONE on a day. */
export function berlinHour(day: string, hour: number): Date {
  const guess = new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
  const shownHour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(guess),
  );
  return new Date(guess.getTime() - (shownHour - hour) * 3_600_000);
}

/**
 * Whole hours a break can be added in, from the next one that starts at least 10 minutes from now (so that the
 * 5-minute lead time is kept) on, inside the work hours, today and then tomorrow.
 */
export function addableHours(now: Date = new Date()): Date[] {
  const today = dayIn(TIME_ZONE, now);
  const tomorrow = dayIn(TIME_ZONE, new Date(now.getTime() + 24 * 3_600_000));
  const hours: Date[] = [];
  for (const day of [today, tomorrow]) {
    for (let hour = WORK_START_HOUR; hour < WORK_END_HOUR; hour += 1) {
      const start = berlinHour(day, hour);
      if (start.getTime() >= now.getTime() + 10 * 60_000) hours.push(start);
    }
  }
  return hours;
}

/** Adds a break in the hour starting at `from` through the API (tRPC), as the calendar's plus button does. */
export async function addBreak(request: APIRequestContext, origin: string, from: Date): Promise<BreakSession> {
  const response = await request.post('/trpc/breaks.add', { data: { from: from.toISOString() }, headers: { origin } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: BreakSession } }).result.data;
}

export async function upcomingBreaks(request: APIRequestContext): Promise<BreakSession[]> {
  const response = await request.get('/api/upcoming-breaks');
  expect(response.status()).toBe(200);
  return (await response.json()) as BreakSession[];
}

/** Opens the calendar in day view on the day of `instant` (the break specs look at one day at a time). */
export async function openCalendarOn(page: Page, instant: Date): Promise<void> {
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await page.locator('label').filter({ hasText: /^Day$/ }).click();
  await expect(page.getByRole('radio', { name: 'Day' })).toBeChecked();
  if (dayIn(TIME_ZONE, instant) !== dayIn(TIME_ZONE, new Date())) await page.getByRole('button', { name: 'Next day' }).click();
}

/** A signed-in break account (as signInForBreaks) with one break added in the next addable hour. */
export async function signInWithOneBreak(page: Page, origin: string): Promise<BreakSession> {
  await signInForBreaks(page, origin);
  const [hour] = addableHours();
  return addBreak(page.request, origin, hour!);
}

/** A signed-in break account with one break (as signInWithOneBreak), the calendar open on its day. */
export async function openCalendarWithBreak(page: Page, origin: string): Promise<BreakSession> {
  const session = await signInWithOneBreak(page, origin);
  await openCalendarOn(page, new Date(session.scheduledTime));
  return session;
}

/** How the calendar and the reminders write a break's time of day: '9:05 AM' in TIME_ZONE. */
export function shownTime(instant: Date): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' }).format(instant);
}

/**
 * Takes the first free slot the Reschedule dialog of `session` proposes (the dialog saved as the screenshot `name`
 * first): the toast names the slot, and the stored break has moved to its time.
 */
export async function rescheduleToFirstSlot(page: Page, session: BreakSession, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: `Reschedule ${session.activity.name}` });
  await expect(
    dialog.getByText('Free slots that keep clear of your meetings and other breaks, inside your work hours:'),
  ).toBeVisible();
  await saveScreenshot(page, test.info(), name);
  const slot = dialog.getByRole('button').filter({ hasText: ' at ' }).first();
  const picked = (await slot.textContent()) ?? '';
  await slot.click();
  await expectToast(page, 'Break Updated', `${session.activity.name} moved to ${picked}.`);
  const [stored] = await upcomingBreaks(page.request);
  expect(stored?.scheduledTime).not.toBe(session.scheduledTime);
  expect(picked.endsWith(` at ${shownTime(new Date(stored!.scheduledTime))}`)).toBe(true);
}
