// The header's calendar indicator with a Google calendar, through the google stack's fake Google: it says Syncing…
// while a sync runs (Google answers slowly), then Synced with the new time in its tooltip; after Google refused the
// grant (invalid_grant from its token endpoint) it says Needs reconnection, and Reconnect brings it back to Synced.
import type { APIRequestContext, Page } from '@playwright/test';
import type { CalendarStatus } from '@breaker/api-contract';
import {
  CALENDAR_EVENTS_SCOPE,
  chooseGoogleAccount,
  expect,
  newGoogleAccount,
  test,
  type FakeGoogle,
  type GoogleAccount,
} from './support/fake-google';
import { TIME_ZONE } from './support/days';
import { expectToast } from './support/toasts';

/** How long Google takes over the events of the slow sync: long enough to see the indicator say Syncing…. */
const SLOW_EVENTS_MS = 3000;

/** What the header's indicator reads from: the calendar's state and when it was last synced. */
async function calendarStatus(request: APIRequestContext): Promise<CalendarStatus> {
  const response = await request.get('/trpc/calendar.status');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: CalendarStatus } }).result.data;
}

/** The tooltip's words for a sync time, in the user's zone (SyncIndicator and formatDateTime). */
function lastSyncedText(at: string): string {
  const instant = new Date(at);
  const day = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, weekday: 'long', month: 'long', day: 'numeric' });
  const time = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' });
  return `Last synced ${day.format(instant)} at ${time.format(instant)}`;
}

async function expectSynced(page: Page): Promise<CalendarStatus> {
  const indicator = page.getByTestId('sync-indicator');
  await expect(indicator).toHaveAttribute('data-state', 'synced');
  await expect(indicator).toHaveText('Synced just now');
  const status = await calendarStatus(page.request);
  expect(status).toMatchObject({ state: 'synced', provider: 'google' });
  expect(status.lastSyncedAt).not.toBeNull();
  return status;
}

/**
 * Signs in with a new Google account of this test (the indicator says Not connected) and connects its calendar (it
 * says Synced just now). Answers the account and the status after the first sync.
 */
async function connectGoogleCalendar(
  page: Page,
  google: FakeGoogle,
  givenName: string,
): Promise<{ owner: GoogleAccount; connected: CalendarStatus }> {
  const owner = newGoogleAccount(givenName, 'Jackson');
  await google.addAccount(owner);
  await chooseGoogleAccount(page, google, owner.email);
  const indicator = page.getByTestId('sync-indicator');

  // Signing in connects the calendar too, unless the person unticks it on Google's consent screen, as here.
  await google.untickNextConsent([CALENDAR_EVENTS_SCOPE]);
  await page.goto('/');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: `Welcome back, ${givenName}!` })).toBeVisible();
  await expect(indicator).toHaveAttribute('data-state', 'not-connected');
  await expect(indicator).toHaveText('Not connected');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
  await page.getByRole('button', { name: 'Connect Google Calendar' }).click();
  await expectToast(page, 'Calendar Connected!', 'Your calendar was connected successfully.');
  return { owner, connected: await expectSynced(page) };
}

test('while Google answers slowly the indicator says Syncing…, then Synced with the new time', async ({ page, google }) => {
  const { connected } = await test.step('a Google calendar connected: Not connected, then Synced just now', () =>
    connectGoogleCalendar(page, google, 'Mary'));
  const indicator = page.getByTestId('sync-indicator');

  await test.step('Sync Calendar while Google holds the events: Syncing…', async () => {
    await google.hangNext('/events$', SLOW_EVENTS_MS);
    await page.getByRole('button', { name: 'Sync Calendar' }).click();
    await expect(indicator).toHaveAttribute('data-state', 'syncing');
    await expect(indicator).toHaveText('Syncing…');
  });

  await test.step('the sync ends: Synced just now, and the tooltip names the new sync time', async () => {
    await expectToast(page, 'Calendar Synced', 'Your calendar is up to date');
    const synced = await expectSynced(page);
    expect(Date.parse(synced.lastSyncedAt!)).toBeGreaterThan(Date.parse(connected.lastSyncedAt!));
    await indicator.hover();
    await expect(page.getByRole('tooltip')).toHaveText(lastSyncedText(synced.lastSyncedAt!));
  });
});

test('access revoked on Google: Calendar Access Expired, Needs reconnection, and Reconnect syncs again', async ({
  page,
  google,
}) => {
  const { owner } = await test.step('a Google calendar connected: Synced just now', () =>
    connectGoogleCalendar(page, google, 'Katherine'));
  const indicator = page.getByTestId('sync-indicator');

  await test.step('the grant revoked on Google: Sync Calendar says Calendar Access Expired', async () => {
    await google.revokeRefreshTokens(owner.email);
    await page.getByRole('button', { name: 'Sync Calendar' }).click();
    await expectToast(page, 'Calendar Access Expired', 'Breaker can no longer read your calendar; please reconnect it');
    expect(await calendarStatus(page.request)).toMatchObject({ state: 'needs-reconnection', provider: 'google' });
  });

  await test.step('without a reload, the indicator says Needs reconnection', async () => {
    await expect(indicator).toHaveAttribute('data-state', 'needs-reconnection');
    await expect(indicator).toHaveText('Needs reconnection');
  });

  await test.step('Reconnect: Calendar Connected!, Synced just now', async () => {
    await page.getByRole('link', { name: 'Reconnect' }).click();
    await expectToast(page, 'Calendar Connected!', 'Your calendar was connected successfully.');
    await expectSynced(page);
  });
});
