import { basename, dirname } from 'node:path';
import { registerAccount, submitLogin } from './support/accounts';
import { expect, test, uniqueName } from './support/fixtures';
import { resetLink, waitForMail } from './support/mailbox';
import { expectToast } from './support/toasts';

const OLD_PASSWORD = 'old-stretch-and-breathe';
const NEW_PASSWORD = 'new-stretch-and-breathe';
const RESET_REDIRECT_MS = 3000;

test('forgot password: e-mail, reset link, new password; the link works once', async ({ page, baseURL, stack }) => {
  const username = uniqueName('reset');
  const email = `${username}@example.com`;
  await registerAccount(page.request, baseURL!, { username, email, password: OLD_PASSWORD });

  await test.step('the request form checks the address', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    const field = page.getByRole('textbox', { name: 'Email' });
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(field).toHaveAccessibleDescription('Please enter a valid email address');
    await field.fill('not-an-address');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(field).toHaveAccessibleDescription('Please enter a valid email address');
  });

  const requestedAt = Date.now() - 1000;
  await test.step('a valid address leads to Check Your Email', async () => {
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await expect(page.getByText("Can't find it? Check your spam folder.")).toBeVisible();
    await expect(page.getByText('The link expires in 1 hour.')).toBeVisible();
  });

  const link = await test.step('the e-mail carries a reset link to the app', async () => {
    const mail = await waitForMail(stack.dataDir, email, { since: requestedAt });
    expect(basename(dirname(mail.file)), 'the delivery path of this stack').toBe(stack.mailFolder);
    expect(mail.headers['subject']).toBe('Reset your Breaker password');
    const url = resetLink(mail);
    expect(url.origin).toBe(stack.appUrl);
    // The same path on this test's own address (the e-mail names APP_URL, 127.0.0.1).
    return `${url.pathname}${url.search}`;
  });

  const newPassword = page.getByRole('textbox', { name: 'New password', exact: true });
  const confirm = page.getByRole('textbox', { name: 'Confirm new password' });
  const setPassword = page.getByRole('button', { name: 'Set new password' });

  await test.step('the reset form checks length and confirmation', async () => {
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await newPassword.fill(NEW_PASSWORD);
    await confirm.fill(`${NEW_PASSWORD}x`);
    await setPassword.click();
    await expect(confirm).toHaveAccessibleDescription("Passwords don't match");

    const tooLong = 'a'.repeat(101);
    await newPassword.fill(tooLong);
    await confirm.fill(tooLong);
    await setPassword.click();
    await expect(newPassword).toHaveAccessibleDescription('Password must be less than 100 characters');

    await newPassword.fill('short');
    await confirm.fill('short');
    await setPassword.click();
    await expect(newPassword).toHaveAccessibleDescription('Password must be at least 6 characters');
  });

  await test.step('a valid new password: success screen, then /login after 3 seconds', async () => {
    await newPassword.fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    await setPassword.click();
    await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
    const shownAt = Date.now();
    await expect(page).toHaveURL(/\/login$/, { timeout: RESET_REDIRECT_MS + 5000 });
    const waited = Date.now() - shownAt;
    expect(waited).toBeGreaterThanOrEqual(RESET_REDIRECT_MS - 500);
    expect(waited).toBeLessThanOrEqual(RESET_REDIRECT_MS + 1500);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  await test.step('the old password no longer works', async () => {
    await submitLogin(page, username, OLD_PASSWORD);
    await expectToast(page, 'Login failed', 'Invalid username or password');
  });

  await test.step('the same link a second time gets the server message', async () => {
    await page.goto(link);
    await newPassword.fill('yet-another-password');
    await confirm.fill('yet-another-password');
    await setPassword.click();
    await expectToast(page, 'Reset failed', 'This reset link is invalid or has expired. Please request a new password reset.');
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  });

  await test.step('the new password signs in', async () => {
    await page.goto('/login');
    await submitLogin(page, username, NEW_PASSWORD);
    await expect(page.getByRole('heading', { name: `Welcome to Breaker, ${username}!` })).toBeVisible();
  });
});

test('an address without an account gets the same Check Your Email screen', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByRole('textbox', { name: 'Email' }).fill(`${uniqueName('nobody')}@example.com`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
});

test('the reset page without a token shows Invalid Reset Link', async ({ page }) => {
  for (const path of ['/reset-password', '/reset-password?token=']) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
      await expectToast(page, 'Reset link missing', 'Invalid reset link. Please request a new password reset.');
      await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveCount(0);
    });
  }
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
});
