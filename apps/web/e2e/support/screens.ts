import type { Locator, Page, TestInfo } from '@playwright/test';
import { registerAccount } from './accounts';
import { expect, uniqueName } from './fixtures';

/** Saves a full-page screenshot of the screen as an artifact of the test (attached to its report). */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Follows a side-navigation entry; on a phone the navigation first opens from the burger. */
export async function navigateTo(page: Page, label: string): Promise<void> {
  const burger = page.getByRole('button', { name: 'Open navigation' });
  if (await burger.isVisible()) await burger.click();
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label });
  await expect(link).toBeVisible();
  await link.click();
}

/** Signs a fresh account in through the API (the page's cookies), with a time zone saved; returns the username. */
export async function signInFresh(page: Page, origin: string, timezone = 'Europe/Berlin'): Promise<string> {
  const username = uniqueName('screen');
  const account = { username, email: `${username}@example.com`, password: 'stretch-and-breathe-42' };
  await registerAccount(page.request, origin, account);
  const login = await page.request.post('/api/auth/login', {
    data: { username, password: account.password },
    headers: { origin },
  });
  expect(login.status(), await login.text()).toBe(200);
  const saved = await page.request.put('/api/user/preferences', {
    data: { preferences: { breakFrequency: 3, workStartTime: '08:00', workEndTime: '17:00', timezone } },
    headers: { origin },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return username;
}

export interface Screen {
  path: string;
  name: string;
  /** What shows once the screen has its data. */
  ready: (page: Page) => Locator;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name, level: 1 });

export const SIGNED_OUT_SCREENS: readonly Screen[] = [
  { path: '/', name: 'landing', ready: (page) => page.getByRole('link', { name: 'Create Account' }).first() },
  { path: '/login', name: 'login', ready: heading('Sign in') },
  { path: '/register', name: 'register', ready: (page) => page.getByRole('button', { name: 'Create Account' }) },
  { path: '/forgot-password', name: 'forgot-password', ready: (page) => page.getByRole('textbox', { name: 'Email' }) },
  {
    path: '/reset-password',
    name: 'reset-password-invalid',
    ready: (page) => page.getByRole('link', { name: 'Back to sign in' }),
  },
  {
    path: '/reset-password?token=abc',
    name: 'reset-password',
    ready: (page) => page.getByRole('button', { name: 'Set new password' }),
  },
  { path: '/google-login', name: 'google-login', ready: (page) => page.getByRole('link', { name: 'Back to home' }) },
  { path: '/emergency-login', name: 'emergency-login', ready: heading('Emergency Access') },
  { path: '/oauth-debug', name: 'oauth-debug', ready: heading('OAuth Debug') },
];

export const SIGNED_IN_SCREENS: readonly Screen[] = [
  { path: '/', name: 'dashboard', ready: heading(/^Welcome to Breaker, /) },
  { path: '/calendar', name: 'calendar', ready: (page) => page.getByRole('group', { name: /^\w+day, / }).first() },
  { path: '/break-activities', name: 'break-library', ready: (page) => page.getByRole('checkbox').first() },
  { path: '/analytics', name: 'analytics', ready: (page) => page.getByRole('heading', { name: /first break/ }) },
  { path: '/settings', name: 'settings', ready: (page) => page.getByRole('button', { name: 'Save Preferences' }) },
  { path: '/oauth-debug', name: 'oauth-debug-signed-in', ready: heading('OAuth Debug') },
  { path: '/no-such-page', name: 'not-found', ready: heading('404 Page Not Found') },
];

export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;
