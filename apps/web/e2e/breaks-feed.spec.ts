// "Subscribe to your breaks" in Settings: the private iCalendar address of the upcoming breaks is made, copied and
// read without any cookie as a calendar app would, replaced (the old address stops working) and turned off.
import { addableHours, addBreak, signInForBreaks } from './support/breaks';
import { expect, test } from './support/fixtures';

test('subscribe to your breaks: create the address, copy it, read the feed without a cookie, replace it, turn it off', async ({
  page,
  baseURL,
  context,
  playwright,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInForBreaks(page, baseURL!);
  const session = await addBreak(page.request, baseURL!, addableHours()[0]!);
  // A calendar app: its own client, with no cookie of the signed-in browser.
  const calendarApp = await playwright.request.newContext();
  const card = page.getByRole('region', { name: 'Subscribe to your breaks' });
  const address = card.getByRole('textbox', { name: 'Your feed address' });

  try {
    const first = await test.step('create the address and copy it', async () => {
      await page.goto('/settings');
      await expect(card.getByText('Off', { exact: true })).toBeVisible();
      await expect(card.getByText('File → New Calendar Subscription', { exact: false })).toBeVisible();
      await expect(card.getByText('Add calendar → Subscribe from web', { exact: false })).toBeVisible();
      await expect(card.getByText('New Calendar → On the Network', { exact: false })).toBeVisible();
      await card.getByRole('button', { name: 'Create address' }).click();
      await expect(address).toHaveValue(/\/api\/calendar\/breaks-feed\/[a-z2-7]{32}\.ics$/);
      await expect(card.getByText('On', { exact: true })).toBeVisible();
      await card.getByRole('button', { name: 'Copy' }).click();
      await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
      const url = await address.inputValue();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      await expect(card.getByRole('link', { name: 'this webcal:// link' })).toHaveAttribute(
        'href',
        url.replace(/^http:/, 'webcal:'),
      );
      return url;
    });

    await test.step('a calendar app reads the feed without a cookie, and it holds the break', async () => {
      const feed = await calendarApp.get(first);
      expect(feed.status()).toBe(200);
      expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      expect(feed.headers()['set-cookie']).toBeUndefined();
      const text = await feed.text();
      expect(text).toContain('X-WR-CALNAME:Breaker breaks');
      expect(text).toContain(`UID:${session.id}@`);
    });

    await test.step('replace the address: the old one answers 404, the new one works', async () => {
      await page.reload();
      await expect(card.getByText('Your feed is on.', { exact: false })).toBeVisible();
      await card.getByRole('button', { name: 'Replace address' }).click();
      await expect(address).not.toHaveValue(first);
      await expect(address).toHaveValue(/\.ics$/);
      expect((await calendarApp.get(first)).status()).toBe(404);
      expect((await calendarApp.get(await address.inputValue())).status()).toBe(200);
    });

    await test.step('turn it off: the address answers 404', async () => {
      const current = await address.inputValue();
      await card.getByRole('button', { name: 'Turn off' }).click();
      await expect(page.getByText('The address of your breaks feed no longer works.')).toBeVisible();
      await expect(address).toHaveCount(0);
      await expect(card.getByText('Off', { exact: true })).toBeVisible();
      expect((await calendarApp.get(current)).status()).toBe(404);
    });
  } finally {
    await calendarApp.dispose();
  }
});
