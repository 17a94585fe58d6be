// Google Calendar in the browser, through the google stack's fake Google (start-stack.mjs, mode embedded-google):
// connect (incremental authorization with offline access), meetings on the week grid, breaks around them, sync,
// access revoked on Google's side, reconnect, and a cancelled authorization.
import { newAccount, registerAndSignIn } from './support/accounts';
import {
  CALENDAR_EVENTS_SCOPE,
  chooseGoogleAccount,
  expect,
  newGoogleAccount,
  test,
  type GoogleAccount,
  type GoogleEvent,
} from './support/fake-google';
import { addDays, columnName, type Day, nextWorkDayInView, TIME_ZONE } from './support/days';
import { navigateTo } from './support/screens';
import { expectToast } from './support/toasts';
import { columnLayout, saveWorkSchedule } from './support/week-grid';

interface Meeting {
  title: string;
  from: string;
  to: string;
  blocks: boolean;
}

/** One work day's meetings: two the user attends and one they declined, which leaves its time free. */
const MEETINGS: Meeting[] = [
  { title: 'Standup', from: '09:00', to: '09:30', blocks: true },
  { title: 'Declined review', from: '11:00', to: '12:30', blocks: false },
  { title: 'Workshop', from: '14:00', to: '16:00', blocks: true },
];

function meetingsOn(day: Day, owner: GoogleAccount): GoogleEvent[] {
  return MEETINGS.map(({ title, from, to, blocks }) => ({
    summary: title,
    start: { dateTime: `${day}T${from}:00`, timeZone: TIME_ZONE },
    end: { dateTime: `${day}T${to}:00`, timeZone: TIME_ZONE },
    attendees: [
      { email: owner.email, self: true, responseStatus: blocks ? 'accepted' : 'declined' },
      { email: 'organizer@example.com', organizer: true, responseStatus: 'accepted' },
    ],
  }));
}

test('connect Google Calendar: meetings on the grid, breaks around them, sync, revoked access, reconnect', async ({
  page,
  google,
  baseURL,
}) => {
  const owner = newGoogleAccount('Katherine', 'Johnson');
  const account = newAccount('cal');
  const { target, nextWeek } = nextWorkDayInView();

  await test.step('a Google account with meetings on the next work days, and a Breaker password account', async () => {
    await google.addAccount(owner);
    await google.setEvents(owner.email, [...meetingsOn(target, owner), ...meetingsOn(addDays(target, 1), owner)]);
    await chooseGoogleAccount(page, google, owner.email);
    await registerAndSignIn(page, baseURL!, account);
  });

  await test.step('Settings: 4 breaks a day, 07:00 to 19:00', async () => {
    await saveWorkSchedule(page);
  });

  const connect = page.getByRole('button', { name: 'Connect Google Calendar' });
  const sync = page.getByRole('button', { name: 'Sync Calendar' });
  const reconnect = page.getByRole('link', { name: 'Reconnect' });

  await test.step('the calendar offers to connect', async () => {
    await navigateTo(page, 'Calendar');
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
    await expect(connect).toBeVisible();
    await expect(sync).toHaveCount(0);
    await expect(reconnect).toHaveCount(0);
  });

  await test.step('connect: Calendar Connected!, a clean URL, Sync Calendar and Reconnect', async () => {
    await connect.click();
    await expectToast(page, 'Calendar Connected!', 'Your calendar was connected successfully.');
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(sync).toBeVisible();
    await expect(reconnect).toBeVisible();
    await expect(connect).toHaveCount(0);
  });

  const column = page.getByRole('group', { name: columnName(target), exact: true });

  await test.step('the meetings show as grey blocks with their titles; the declined one is marked free', async () => {
    if (nextWeek) await page.getByRole('button', { name: 'Next week' }).click();
    for (const { title, blocks } of MEETINGS) {
      const block = column.getByTestId('meeting-block').filter({ hasText: title });
      await expect(block).toBeVisible();
      await expect(block).toHaveAttribute('title', new RegExp(`^${title}, `));
      if (blocks) await expect(block).not.toHaveAttribute('data-free');
      else await expect(block).toHaveAttribute('data-free', 'true');
    }
    // Grey: the three colour channels close together (a break is violet).
    const colour = await column
      .getByTestId('meeting-block')
      .filter({ hasText: 'Standup' })
      .evaluate((node) => getComputedStyle(node).backgroundColor);
    const channels = (/^rgba?\((\d+), (\d+), (\d+)/.exec(colour) ?? []).slice(1).map(Number);
    expect(channels, colour).toHaveLength(3);
    expect(Math.max(...channels) - Math.min(...channels), colour).toBeLessThanOrEqual(16);
  });

  await test.step('breaks are planned around the meetings the user attends', async () => {
    await expect(column.getByTestId('break-block').first()).toBeVisible();
    const days = await page.getByRole('group', { name: /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), / }).all();
    expect(days).toHaveLength(7);
    let compared = 0;
    for (const day of days) {
      const { meetings, breaks } = await columnLayout(day);
      // Pixels per minute from a drawn meeting: the Workshop is two hours long.
      const workshop = meetings.find((meeting) => meeting.title === 'Workshop');
      if (!workshop) continue;
      const pxPerMinute = (workshop.bottom - workshop.top) / 120;
      for (const meeting of meetings.filter(({ free }) => !free)) {
        for (const placed of breaks) {
          expect(placed.minutes, placed.label).toBeGreaterThan(0);
          // The break's own time, not its drawn box (short breaks are drawn taller so they stay readable).
          const end = placed.top + placed.minutes * pxPerMinute;
          const apart = end <= meeting.top + 0.5 || placed.top >= meeting.bottom - 0.5;
          expect(apart, `${placed.label} overlaps ${meeting.title}`).toBe(true);
          const boxesApart =
            placed.bottom <= meeting.top + 0.5 ||
            placed.top >= meeting.bottom - 0.5 ||
            placed.right <= meeting.left + 0.5 ||
            placed.left >= meeting.right - 0.5;
          expect(boxesApart, `${placed.label} is drawn over ${meeting.title}`).toBe(true);
          compared += 1;
        }
      }
    }
    expect(compared, 'breaks and accepted meetings on the same days').toBeGreaterThan(0);
  });

  await test.step('Sync Calendar: Calendar Synced', async () => {
    await sync.click();
    await expectToast(page, 'Calendar Synced', 'Your calendar is up to date');
  });

  await test.step('access revoked in the Google Account: Calendar Access Expired', async () => {
    await google.revokeRefreshTokens(owner.email);
    await sync.click();
    await expectToast(page, 'Calendar Access Expired', 'Breaker can no longer read your calendar; please reconnect it');
    // What was synced stays on the grid.
    await expect(column.getByTestId('meeting-block').filter({ hasText: 'Workshop' })).toBeVisible();
  });

  await test.step('Reconnect: connected again, and syncing works', async () => {
    await reconnect.click();
    await expectToast(page, 'Calendar Connected!', 'Your calendar was connected successfully.');
    await expect(page).toHaveURL(/\/calendar$/);
    await sync.click();
    await expectToast(page, 'Calendar Synced', 'Your calendar is up to date');
  });

  await test.step('Google was asked for offline access to calendar events, with PKCE', async () => {
    const authorizations = (await google.calls()).filter(
      (call) => call.path === '/o/oauth2/v2/auth' && call.query['login_hint'] === owner.email,
    );
    expect(authorizations).toHaveLength(2);
    for (const { query } of authorizations) {
      expect(query).toMatchObject({
        scope: `openid email ${CALENDAR_EVENTS_SCOPE}`,
        access_type: 'offline',
        include_granted_scopes: 'true',
        prompt: 'consent',
        code_challenge_method: 'S256',
      });
    }
  });

  await test.step('Settings: Disconnect Google Calendar hands the grant back to Google', async () => {
    await navigateTo(page, 'Settings');
    await expect(page.getByText('Connected (google)')).toBeVisible();
    await page.getByRole('button', { name: 'Disconnect Google Calendar' }).click();
    await expectToast(page, 'Calendar Disconnected', 'Your Google Calendar was disconnected.');
    await expect(page.getByRole('button', { name: 'Connect Google Calendar' })).toBeVisible();
    expect((await google.calls()).filter((call) => call.method === 'POST' && call.path === '/revoke')).toHaveLength(1);
  });
});

test('a cancelled authorization, a connection whose first sync is slow, and a lost session', async ({ page, google }) => {
  const owner = newGoogleAccount('Dorothy', 'Vaughan');
  const { target, nextWeek } = nextWorkDayInView();
  await google.addAccount(owner);
  await google.setEvents(owner.email, [
    {
      summary: 'Planning',
      start: { dateTime: `${target}T10:00:00`, timeZone: TIME_ZONE },
      end: { dateTime: `${target}T11:00:00`, timeZone: TIME_ZONE },
    },
  ]);
  await chooseGoogleAccount(page, google, owner.email);

  await test.step('sign in with Google, leaving the calendar unticked on its consent screen', async () => {
    await google.untickNextConsent([CALENDAR_EVENTS_SCOPE]);
    await page.goto('/');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Dorothy!' })).toBeVisible();
  });

  const connect = page.getByRole('button', { name: 'Connect Google Calendar' });

  await test.step('the user cancels on Google: Connection Failed', async () => {
    await navigateTo(page, 'Calendar');
    await google.denyNextAuthorization();
    await connect.click();
    await expectToast(page, 'Connection Failed', 'Calendar authorization was cancelled or failed.');
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(connect).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sync Calendar' })).toHaveCount(0);
  });

  await test.step('the next attempt connects; the meeting shows once the slow first sync is done', async () => {
    // Google takes its time with the first events.list: the calendar page is up before the sync is done.
    await google.hangNext('/events$', 2500);
    await connect.click();
    await expectToast(page, 'Calendar Connected!', 'Your calendar was connected successfully.');
    await expect(page.getByRole('button', { name: 'Sync Calendar' })).toBeVisible();
    if (nextWeek) await page.getByRole('button', { name: 'Next week' }).click();
    const column = page.getByRole('group', { name: columnName(target), exact: true });
    await expect(column.getByTestId('meeting-block').filter({ hasText: 'Planning' })).toBeVisible();
  });

  await test.step('signed out elsewhere: Sync Calendar says the session expired', async () => {
    await page.context().clearCookies();
    await page.getByRole('button', { name: 'Sync Calendar' }).click();
    await expectToast(page, 'Session Expired', 'Please log out and sign in again.');
  });
});
