// A user who never saved Settings has no time zone: the first signed-in load keeps the browser's (Europe/Berlin in
// these runs), and a zone chosen later is never replaced by it.
import type { Preferences } from '@breaker/api-contract';
import type { APIRequestContext } from '@playwright/test';
import { registerAccount } from './support/accounts';
import { expect, test, uniqueName } from './support/fixtures';

async function storedZone(request: APIRequestContext): Promise<string | null> {
  return ((await (await request.get('/api/user/preferences')).json()) as Preferences).timezone;
}

test('the first signed-in load keeps the browser’s time zone, and never replaces a chosen one', async ({ page, baseURL }) => {
  const username = uniqueName('zone');
  const password = 'stretch-and-breathe-42';
  await registerAccount(page.request, baseURL!, { username, email: `${username}@example.com`, password });
  const login = await page.request.post('/api/auth/login', { data: { username, password }, headers: { origin: baseURL! } });
  expect(login.status(), await login.text()).toBe(200);
  expect(await storedZone(page.request)).toBeNull();

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => storedZone(page.request)).toBe('Europe/Berlin');

  const chosen = await page.request.put('/api/user/preferences', {
    data: { preferences: { timezone: 'Asia/Tokyo' } },
    headers: { origin: baseURL! },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);
  const adopted = page.waitForRequest(/\/trpc\/[^?]*preferences\.adoptTimeZone/, { timeout: 3000 }).catch(() => null);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await adopted).toBeNull();
  expect(await storedZone(page.request)).toBe('Asia/Tokyo');
});
