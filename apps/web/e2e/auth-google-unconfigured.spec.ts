// Google sign-in on a server without a Google client (the embedded and postgres-redis stacks have none), and the
// errors a Google round trip can come back to /login with. This spec runs in those two projects only; the sign-in
// flow through a fake Google is google-sign-in.spec.ts, in the google project (playwright.config.ts).
import { overrideCapabilities } from './support/capabilities';
import { expect, test } from './support/fixtures';
import { expectToast } from './support/toasts';

const NOT_CONFIGURED = 'Google sign-in is not configured on this server. Use your username and password instead.';

test.describe('without a Google client', () => {
  test('the landing page offers no dead Google link and says why', async ({ page }) => {
    await page.goto('/');
    const google = page.getByRole('button', { name: 'Continue with Google' });
    await expect(google).toBeDisabled();
    await expect(google).toHaveAccessibleDescription(NOT_CONFIGURED);
    await expect(page.getByText(NOT_CONFIGURED)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue with Google' })).toHaveCount(0);
  });

  test('/google-login says the same, also when the server sent the browser back there', async ({ page }) => {
    await page.goto('/google-login');
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    await expect(page.getByText(NOT_CONFIGURED)).toBeVisible();

    // What a stale bookmark or an old link to the sign-in endpoint leads to.
    await page.goto('/api/auth/google');
    await expect(page).toHaveURL(/\/google-login\?error=google_not_configured$/);
    await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
    await expect(page.getByText(NOT_CONFIGURED)).toBeVisible();
  });
});

test('with a Google client the button is a plain link to the sign-in endpoint', async ({ page }) => {
  await overrideCapabilities(page, { googleSignIn: true });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', '/api/auth/google');
  await expect(page.getByText(NOT_CONFIGURED)).toHaveCount(0);

  await page.goto('/google-login');
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', '/api/auth/google');
  await expect(page.getByText(NOT_CONFIGURED)).toHaveCount(0);

  // Sent back because the server had no client after all (configuration changed): say so beside the button.
  await page.goto('/google-login?error=google_not_configured');
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toHaveAccessibleDescription(NOT_CONFIGURED);
});

test('/login explains how a Google sign-in came back, then cleans the URL', async ({ page }) => {
  await test.step('an e-mail address that already has a password account', async () => {
    await page.goto('/login?error=google_email_in_use');
    await expectToast(page, 'Google sign-in failed', 'An account with this email already exists. Sign in with your password.');
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('a round trip that did not complete', async () => {
    await page.goto('/login?error=google_failed');
    await expectToast(page, 'Google sign-in failed', 'Google sign-in did not complete. Please try again.');
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('an unknown error is dropped quietly', async () => {
    await page.goto('/login?error=something_else');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});
