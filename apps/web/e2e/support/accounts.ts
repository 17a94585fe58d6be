import type { APIRequestContext, Page } from '@playwright/test';
import { expect, uniqueName } from './fixtures';

export interface Account {
  username: string;
  email: string;
  password: string;
}

/** A password account nobody has taken yet, its e-mail made from its username. */
export function newAccount(prefix: string): Account {
  const username = uniqueName(prefix);
  return { username, email: `${username}@example.com`, password: 'stretch-and-breathe-42' };
}

/**
 * Registers through the REST shim, for specs whose subject is not the registration form. `origin` is the test's
 * base URL: state-changing calls need an Origin header the server accepts, and browsers add one, API clients don't.
 */
export async function registerAccount(request: APIRequestContext, origin: string, account: Account): Promise<void> {
  const response = await request.post('/api/auth/register', { data: account, headers: { origin } });
  expect(response.status(), await response.text()).toBe(201);
}

/** Fills the registration form and submits it; the password is confirmed as typed unless `confirm` says otherwise. */
export async function submitRegistration(page: Page, account: Account, confirm = account.password): Promise<void> {
  await page.getByRole('textbox', { name: 'Username' }).fill(account.username);
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(confirm);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Fills the login form and submits it. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Registers the account, then signs it in through the login form: the dashboard greets it by its username. */
export async function registerAndSignIn(page: Page, origin: string, account: Account): Promise<void> {
  await registerAccount(page.request, origin, account);
  await page.goto('/login');
  await submitLogin(page, account.username, account.password);
  await expect(page.getByRole('heading', { name: `Welcome to Breaker, ${account.username}!` })).toBeVisible();
}
