// Single sign-on in the browser, through the google stack's real OpenID provider (start-stack.mjs, mode
// embedded-google): Breaker → the provider's login form → Breaker's callback → signed in.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';

/** What start-stack.mjs writes about the provider into DATA_DIR/oidc-provider.json. */
interface OidcProviderAbout {
  issuer: string;
  name: string;
  accounts: { sub: string; email: string; givenName: string; familyName: string }[];
}

test('the single-sign-on button carries OIDC_NAME and signs in through the provider’s login form', async ({ page, stack }) => {
  const about = JSON.parse(await readFile(join(stack.dataDir, 'oidc-provider.json'), 'utf8')) as OidcProviderAbout;
  const [katherine] = about.accounts;
  if (!katherine) throw new Error('the provider has no account');
  const button = page.getByRole('link', { name: about.name });

  await test.step('the landing and login screens show the button with the configured label', async () => {
    await page.goto('/');
    await expect(button).toBeVisible();
    await page.goto('/login');
    await expect(button).toHaveAttribute('href', '/api/auth/oidc');
  });

  await test.step('the button leads to the provider’s login form, which brings the browser back signed in', async () => {
    await button.click();
    await expect(page).toHaveURL(new RegExp(`^${about.issuer}/interaction/`));
    await page.locator('input[name="login"]').fill(katherine.sub);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await expect(page).toHaveURL(`${stack.appUrl}/`);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  await test.step('the account is Katherine’s, from the provider’s claims', async () => {
    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({
      email: katherine.email,
      firstName: katherine.givenName,
      lastName: katherine.familyName,
    });
  });
});
