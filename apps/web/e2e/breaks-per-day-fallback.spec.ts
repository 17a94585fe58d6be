// A breaks-per-day stored outside the options 3 to 6 (an account from before the option set) counts as 5 (spec §5 and
// §9), at desktop and phone widths: Settings offers 5, the dashboard says 5, and saving keeps 5. The API refuses to
// store such a value, so the answers that carry the preferences are rewritten on their way to the page.
import type { Page } from '@playwright/test';
import type { Preferences } from '@breaker/api-contract';
import { expect, test } from './support/fixtures';
import { VIEWPORTS, signInFresh } from './support/screens';

const OUT_OF_RANGE = 2;

/** Rewrites breakFrequency in the preferences of the batched tRPC answers of auth.user and preferences.get. */
async function storeOutOfRange(page: Page): Promise<void> {
  await page.route(/\/trpc\/[^?]*(auth\.user|preferences\.get)/, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const procedures = new URL(route.request().url()).pathname.replace(/^\/trpc\//, '').split(',');
    const body = (await response.json()) as { result?: { data?: Record<string, unknown> } }[];
    procedures.forEach((procedure, index) => {
      const data = body[index]?.result?.data;
      if (!data) return;
      if (procedure === 'preferences.get') (data as unknown as Preferences).breakFrequency = OUT_OF_RANGE;
      if (procedure === 'auth.user') (data['preferences'] as Preferences).breakFrequency = OUT_OF_RANGE;
    });
    await route.fulfill({ response, json: body });
  });
}

for (const viewport of VIEWPORTS) {
  test.describe(`the breaks-per-day fallback at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a stored value outside 3 to 6 shows as 5 in Settings and on the dashboard, and saves as 5', async ({
      page,
      baseURL,
    }) => {
      await signInFresh(page, baseURL!);
      await storeOutOfRange(page);

      await page.goto('/');
      await expect(page.getByText('Breaks per day', { exact: true }).locator('..')).toHaveText('Breaks per day5');

      await page.goto('/settings');
      await expect(page.getByRole('combobox', { name: 'Breaks per day' })).toHaveValue('5');
      const saved = page.waitForRequest(
        (request) => /\/trpc\/[^?]*preferences\.update/.test(request.url()) && request.method() === 'POST',
      );
      await page.getByRole('button', { name: 'Save Preferences' }).click();
      const sent = (await saved).postDataJSON() as Record<string, { preferences: { breakFrequency: number } }>;
      expect(Object.values(sent)[0]?.preferences.breakFrequency).toBe(5);
      await expect(page.getByText('Preferences updated successfully!')).toBeVisible();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      const stored = (await (await page.request.get('/api/user/preferences')).json()) as Preferences;
      expect(stored.breakFrequency).toBe(5);
    });
  });
}
