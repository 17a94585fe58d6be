import { expect, test } from '@playwright/test';
import { E2E_OPERATOR_TOKEN } from './support/stacks';

const QUEUE_NAMES = ['place-breaks', 'calendar-sync', 'maintenance', 'calendar-write-back'];

test.describe('the operators’ job dashboard', () => {
  test('asks for the operator token with a Basic challenge and refuses without it', async ({ request }) => {
    // A browser page without credentials cannot show the 401 (Chromium aborts the navigation), so ask directly.
    const response = await request.get('/admin/queues');
    expect(response.status()).toBe(401);
    expect(response.headers()['www-authenticate']).toMatch(/^Basic realm="Breaker operators"/);
  });

  test('opens with the token as the password and shows every queue, or says there is none', async ({ browser }, testInfo) => {
    const context = await browser.newContext({ httpCredentials: { username: 'operator', password: E2E_OPERATOR_TOKEN } });
    const page = await context.newPage();
    const blockedScripts: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /script-src|Refused to execute/.test(message.text())) blockedScripts.push(message.text());
    });
    await page.goto('/admin/queues');
    if (testInfo.project.name === 'postgres-redis') {
      const sidebar = page.getByRole('navigation').first();
      for (const name of QUEUE_NAMES) await expect(sidebar.getByText(name, { exact: true })).toBeVisible();
      await sidebar.getByText('place-breaks', { exact: true }).click();
      await expect(page.getByRole('heading', { name: 'place-breaks' })).toBeVisible();
      expect(blockedScripts).toEqual([]);
    } else {
      await expect(page.getByRole('heading', { name: 'No job queue' })).toBeVisible();
    }
    await context.close();
  });
});
