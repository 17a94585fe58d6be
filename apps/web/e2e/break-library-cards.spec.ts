// The break library while it loads and saves, at desktop and phone widths: the 6-card skeleton until the catalogue
// arrives, each card's type and difficulty badges and its equipment, and Saving... on the disabled button while the
// selection is saved.
import type { BreakActivity } from '@breaker/api-contract';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { VIEWPORTS, saveScreenshot, signInFresh } from './support/screens';
import { expectToast } from './support/toasts';

/** Holds every tRPC request carrying `procedure` until the returned release is called; after it, they pass at once. */
async function holdProcedure(page: Page, procedure: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/trpc/[^?]*${procedure.replaceAll('.', '\\.')}`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** 'eye-rest' → 'Eye rest', as the badges write a type. */
const typeLabel = (type: string) => type.charAt(0).toUpperCase() + type.slice(1).replaceAll('-', ' ');

for (const viewport of VIEWPORTS) {
  test.describe(`the break library at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('6 skeleton cards until the catalogue arrives, then cards with their badges and equipment', async ({
      page,
      baseURL,
    }, testInfo) => {
      await signInFresh(page, baseURL!);
      const response = await page.request.get('/trpc/activities.list');
      expect(response.status()).toBe(200);
      const catalogue = ((await response.json()) as { result: { data: BreakActivity[] } }).result.data;
      const withEquipment = catalogue.find((activity) => activity.equipment && activity.equipment !== 'none');
      const withoutEquipment = catalogue.find((activity) => !activity.equipment || activity.equipment === 'none');
      expect(withEquipment, 'the catalogue has an activity that needs equipment').toBeDefined();
      expect(withoutEquipment, 'the catalogue has an activity without equipment').toBeDefined();

      const release = await holdProcedure(page, 'activities.list');
      await page.goto('/break-activities');
      await expect(page.getByRole('heading', { name: 'Break Library', level: 1 })).toBeVisible();
      await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(6);
      await expect(page.getByRole('checkbox')).toHaveCount(0);
      await saveScreenshot(page, testInfo, `break-library-loading-${viewport.name}`);
      release();

      await expect(page.getByRole('checkbox')).toHaveCount(catalogue.length);
      await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
      for (const activity of [withEquipment!, withoutEquipment!]) {
        const card = page.getByRole('checkbox', { name: `${activity.name}, ${activity.duration} min`, exact: true });
        await expect(card.getByText(typeLabel(activity.type), { exact: true })).toBeVisible();
        await expect(card.getByText(activity.difficulty ?? 'easy', { exact: true })).toBeVisible();
        await expect(card.getByText('Click to add to your break library', { exact: true })).toBeVisible();
      }
      const needing = page.getByRole('checkbox', { name: `${withEquipment!.name}, ${withEquipment!.duration} min`, exact: true });
      await expect(needing.getByText(`Equipment: ${withEquipment!.equipment}`, { exact: true })).toBeVisible();
      const plain = page.getByRole('checkbox', {
        name: `${withoutEquipment!.name}, ${withoutEquipment!.duration} min`,
        exact: true,
      });
      await expect(plain.getByText(/^Equipment: /)).toHaveCount(0);
    });

    test('Saving... on the disabled button while the selection is saved', async ({ page, baseURL }) => {
      await signInFresh(page, baseURL!);
      await page.goto('/break-activities');
      const cards = page.getByRole('checkbox');
      await cards.nth(0).click();
      await cards.nth(1).click();
      await expect(page.getByText('2 activities selected for your break library', { exact: true })).toBeVisible();

      const release = await holdProcedure(page, 'preferences.saveSelectedActivities');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
      release();
      await expectToast(page, 'Saved!', 'Your break activity preferences have been updated.');
      await expect(page.getByText('You have unsaved changes to your break library.')).toBeHidden();
      await cards.nth(1).click();
      await expect(page.getByText('1 activity selected for your break library', { exact: true })).toBeVisible();
      await expect(page.getByText('You have unsaved changes to your break library.')).toBeVisible();
    });
  });
}
