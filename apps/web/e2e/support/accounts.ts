import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface Account {
  username: string;
  email: string;
  password: string;
}

/**
 * Registers through the REST shim, for specs whose subject is not the registration form. `origin` is the test's
 * base URL: state-changing calls need an Origin header the server accepts, and browsers add one, API clients don't.
 */
export async function registerAccount(request: APIRequestContext, origin: string, account: Account): Promise<void> {
  const response = await request.post('/api/auth/register', { data: account, headers: { origin } });
  expect(response.status(), await response.text()).toBe(201);
}

/** Fills the login form and submits it. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}
