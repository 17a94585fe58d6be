// The API reference at /api/docs renders the OpenAPI document in Chromium under the app's strict CSP: every script
// and style is the app's own file, and the browser reports no violation of the policy.
import { expect, test } from './support/fixtures';

test('the API reference renders every call of the OpenAPI document with no CSP violation', async ({ page }) => {
  // Chromium both logs a violation to the console and fires `securitypolicyviolation`: both are collected.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { reportViolation(text: string): Promise<void> }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(request.url()));

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).not.toContain('unsafe');
  await expect(page.getByRole('heading', { name: /Breaker API/ })).toBeVisible();
  const openApi = (await (await page.request.get('/api/openapi.json')).json()) as { paths: Record<string, object> };
  for (const [path, methods] of Object.entries(openApi.paths)) {
    for (const method of Object.keys(methods)) {
      await expect(page.locator(`.opblock-${method}`).filter({ hasText: path }).first()).toBeAttached();
    }
  }
  // One operation opened: its request body and answers render too.
  await page.locator('.opblock-post').filter({ hasText: '/api/auth/login' }).first().locator('.opblock-summary').click();
  await expect(page.getByText('Sign in with a username and password').first()).toBeVisible();
  await expect(page.locator('.responses-wrapper').first()).toBeVisible();

  const origin = new URL(page.url()).origin;
  expect(loaded.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
  expect(violations).toEqual([]);
});
