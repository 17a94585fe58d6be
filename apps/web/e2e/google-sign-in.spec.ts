// Google sign-in in the browser, through the google stack's fake Google (start-stack.mjs, mode embedded-google):
// Breaker → Google's authorization endpoint → (the fake consents at once) → Breaker's callback → the dashboard.
import { submitLogin, submitRegistration } from './support/accounts';
import { columnName, nextWorkDayInView, TIME_ZONE } from './support/days';
import {
  chooseGoogleAccount,
  expect,
  isAuthorizationRequest,
  newGoogleAccount,
  test,
  uniqueName,
  type FakeGoogle,
} from './support/fake-google';
import { expectToast } from './support/toasts';
import type { Page } from '@playwright/test';

const PASSWORD = 'stretch-and-breathe-42';
const LANDING_HEADING = 'Short breaks that fit between your meetings';

/** Every visit of this page to Google's authorization endpoint. */
function recordAuthorizations(page: Page, google: FakeGoogle): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (isAuthorizationRequest(google, url)) seen.push(url);
  });
  return seen;
}

async function currentUserId(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/user');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

test('Continue with Google creates the account from the Google profile, and signs in to it again', async ({
  page,
  google,
  stack,
}) => {
  const ada = google.account('ada@example.com');
  const authorizations = recordAuthorizations(page, google);
  await chooseGoogleAccount(page, google, ada.email);
  const navigation = page.getByRole('navigation', { name: 'Main' });

  const firstId = await test.step('landing → Continue with Google → the dashboard greets Ada', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Ada!' })).toBeVisible();
    await expect(page).toHaveURL(`${stack.appUrl}/`);
    return currentUserId(page);
  });

  await test.step('the browser went through Google with state and PKCE, asking who she is and for her calendar', async () => {
    expect(authorizations).toHaveLength(1);
    const [authorization] = authorizations;
    expect(authorization?.searchParams.get('redirect_uri')).toBe(`${stack.appUrl}/api/auth/google/callback`);
    expect(authorization?.searchParams.get('scope')).toBe('openid email profile https://www.googleapis.com/auth/calendar.events');
    expect(authorization?.searchParams.get('access_type')).toBe('offline');
    expect(authorization?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization?.searchParams.get('state')).toBeTruthy();
    expect(authorization?.searchParams.get('login_hint')).toBe(ada.email);
  });

  await test.step('the side navigation shows the Google name, e-mail and picture', async () => {
    await expect(navigation.getByText('Ada Lovelace', { exact: true })).toBeVisible();
    await expect(navigation.getByText(ada.email, { exact: true })).toBeVisible();
    const picture = navigation.getByRole('img', { name: 'Ada Lovelace' });
    await expect(picture).toHaveAttribute('src', ada.picture);
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
  });

  await test.step('sign out, then Continue with Google again: the same account', async () => {
    await navigation.getByRole('link', { name: 'Log Out' }).click();
    await expect(page.getByRole('heading', { name: LANDING_HEADING })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);

    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Ada!' })).toBeVisible();
    await expect(navigation.getByText('Ada Lovelace', { exact: true })).toBeVisible();
    expect(await currentUserId(page)).toBe(firstId);
    expect(authorizations).toHaveLength(2);
  });
});

test('Continue with Google also connects the calendar: the meetings show without a second consent', async ({ page, google }) => {
  const mary = newGoogleAccount('Mary', 'Jackson');
  const { target, nextWeek } = nextWorkDayInView();
  const meeting = {
    summary: 'Wind tunnel review',
    start: { dateTime: `${target}T10:00:00`, timeZone: TIME_ZONE },
    end: { dateTime: `${target}T11:00:00`, timeZone: TIME_ZONE },
  };
  await google.addAccount(mary);
  await google.setEvents(mary.email, [meeting]);
  const authorizations = recordAuthorizations(page, google);
  await chooseGoogleAccount(page, google, mary.email);

  await test.step('one sign-in with Google: the account has Google as its calendar', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Mary!' })).toBeVisible();
    const me = (await (await page.request.get('/api/auth/user')).json()) as { calendarProvider: string | null };
    expect(me.calendarProvider).toBe('google');
  });

  await test.step('the calendar shows her meeting and offers no Connect', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
    if (nextWeek) await page.getByRole('button', { name: 'Next week' }).click();
    const column = page.getByRole('group', { name: columnName(target), exact: true });
    await expect(column.getByTestId('meeting-block').filter({ hasText: meeting.summary })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect Google Calendar' })).toHaveCount(0);
    expect(authorizations).toHaveLength(1);
  });
});

test('a Google account whose e-mail has a password account is not merged into it', async ({ page, google }) => {
  const grace = newGoogleAccount('Grace', 'Hopper');
  await google.addAccount(grace);
  const username = uniqueName('grace');

  await test.step('register a password account with the same e-mail', async () => {
    await page.goto('/register');
    await submitRegistration(page, { username, email: grace.email, password: PASSWORD });
    await expectToast(page, 'Account created', 'Sign in with your new username and password.');
  });

  await test.step('Continue with Google ends on /login with the reason', async () => {
    await chooseGoogleAccount(page, google, grace.email);
    await page.goto('/');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expectToast(page, 'Google sign-in failed', 'An account with this email already exists. Sign in with your password.');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  await test.step('the password still signs in, to the account as it was', async () => {
    await submitLogin(page, username, PASSWORD);
    // No Google name was merged in: the greeting still uses the username.
    await expect(page.getByRole('heading', { name: `Welcome to Breaker, ${username}!` })).toBeVisible();
  });
});

test('a cancelled Google sign-in comes back to /login with a toast', async ({ page, google }) => {
  const alan = newGoogleAccount('Alan', 'Turing');
  await google.addAccount(alan);
  await chooseGoogleAccount(page, google, alan.email);
  await google.denyNextAuthorization();

  await page.goto('/');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expectToast(page, 'Google sign-in failed', 'Google sign-in did not complete. Please try again.');
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  await test.step('the next attempt goes through', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Alan!' })).toBeVisible();
  });
});
