// The development sign-ins of the spec; the e2e stacks run with ALLOW_DEV_LOGIN=true (start-stack.mjs).
import { overrideCapabilities } from './support/capabilities';
import { expect, test, uniqueName } from './support/fixtures';
import { expectToast } from './support/toasts';

const EMERGENCY_REDIRECT_MS = 1000;
const TEST_USER_GREETING = 'Welcome back, Test!';

test('the login screen signs in as the test user', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Use test user' }).click();
  await expect(page.getByRole('heading', { name: TEST_USER_GREETING })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('emergency access: validation, then a toast and the dashboard after 1 second', async ({ page }) => {
  const local = uniqueName('sos');

  await page.goto('/');
  await page.getByRole('link', { name: 'Emergency Access' }).click();
  await expect(page.getByRole('heading', { name: 'Emergency Access' })).toBeVisible();
  const email = page.getByRole('textbox', { name: 'Email' });
  const submit = page.getByRole('button', { name: 'Sign in with email' });

  await test.step('an empty address', async () => {
    await submit.click();
    await expect(email).toHaveAccessibleDescription('Email required');
    await expectToast(page, 'Email required', 'Please enter your email address');
  });

  await test.step('a malformed address', async () => {
    await email.fill('not-an-address');
    await submit.click();
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
  });

  await test.step('a valid address signs in and moves on after the pause', async () => {
    await email.fill(`${local}@example.com`);
    await submit.click();
    await expectToast(page, 'Login successful', 'You are now logged in. Redirecting...', { dismiss: false });
    const toastAt = Date.now();
    await expect(submit).toBeDisabled();
    await expect(page.getByRole('heading', { name: `Welcome to Breaker, ${local}!` })).toBeVisible();
    // Only the pause is checked: how soon after it the dashboard paints depends on the machine (a benchmark's job).
    expect(Date.now() - toastAt).toBeGreaterThanOrEqual(EMERGENCY_REDIRECT_MS - 400);
    await expect(page).toHaveURL(/\/$/);
  });
});

test('test mode (?test=true) shows its banner and signs in on its own', async ({ page }) => {
  await page.goto('/?test=true');
  await expect(page.getByRole('heading', { name: TEST_USER_GREETING })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Test mode:' })).toContainText(
    'authentication is bypassed and you are using a test account',
  );
});

test('Clear cached data ends the session and wipes what the browser keeps', async ({ page, browser, baseURL }) => {
  await test.step('a signed-in session in one window', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Use test user' }).click();
    await expect(page.getByRole('heading', { name: TEST_USER_GREETING })).toBeVisible();
  });

  // A second window on the login screen that then gets the same session cookie: the stuck state the button is for.
  const other = await browser.newContext({ baseURL });
  try {
    const stuck = await other.newPage();
    await stuck.goto('/login');
    await expect(stuck.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await other.addCookies(await page.context().cookies());
    await stuck.evaluate(() => {
      localStorage.setItem('breaker-e2e', 'stale');
      sessionStorage.setItem('breaker-e2e', 'stale');
    });

    await test.step('the button clears storage and reloads signed out', async () => {
      const reloaded = stuck.waitForEvent('load');
      await stuck.getByRole('button', { name: 'Clear cached data' }).click();
      await reloaded;
      await expect(stuck.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      // (The router keeps its scroll positions in sessionStorage again right after the reload.)
      const left = await stuck.evaluate(() => [localStorage.getItem('breaker-e2e'), sessionStorage.getItem('breaker-e2e')]);
      expect(left).toEqual([null, null]);
      expect(await other.cookies()).toEqual([]);
    });
  } finally {
    await other.close();
  }

  await test.step('the session is over for the first window too', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Short breaks that fit between your meetings' })).toBeVisible();
  });
});

test.describe('on a server without development sign-ins', () => {
  test.beforeEach(async ({ page }) => {
    await overrideCapabilities(page, { devLogin: false });
  });

  test('the landing page has no Emergency Access link and the login page no test user', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Create Account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Emergency Access' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Sign In' }).first().click();
    await expect(page.getByRole('button', { name: 'Clear cached data' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use test user' })).toHaveCount(0);
  });

  test('?test=true does nothing special', async ({ page }) => {
    const testLogins: string[] = [];
    page.on('request', (request) => {
      if (/automatedTestLogin|testLogin/.test(request.url())) testLogins.push(request.url());
    });
    await page.goto('/?test=true');
    // With test mode on, the gate would hold a loader here until the test user is signed in.
    await expect(page.getByRole('heading', { name: 'Short breaks that fit between your meetings' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Test mode:' })).toHaveCount(0);
    expect(testLogins).toEqual([]);
  });

  test('the emergency page explains instead of offering a form that cannot work', async ({ page }) => {
    await page.goto('/emergency-login');
    await expect(page.getByText('Emergency access is turned off on this server.', { exact: false })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});
