// The calendar's dialogs arrive on demand; when their code cannot be downloaded the user is told, at desktop and phone
// widths: a break's details (Break Unavailable), the feed form (Connection Error) and the disconnect confirmation
// (Disconnect Failed).
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { serveIcsFeed } from './support/ics-feed';
import { openCalendarWithBreak, signInForBreaks } from './support/breaks';
import { VIEWPORTS } from './support/screens';
import { expectToast } from './support/toasts';

/** Every download of the chunk whose file name starts with `name` fails, as on a dropped connection. */
async function failChunk(page: Page, name: string): Promise<void> {
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), (route) => route.abort('connectionfailed'));
}

for (const viewport of VIEWPORTS) {
  test.describe(`dialogs whose code cannot be downloaded at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a break’s details: Break Unavailable, and no dialog', async ({ page, baseURL }) => {
      await failChunk(page, 'BreakDetailsModal');
      const session = await openCalendarWithBreak(page, baseURL!);
      await page.getByTestId('break-block').filter({ hasText: session.activity.name }).click();
      await expectToast(page, 'Break Unavailable', 'The break could not be opened. Please try again.');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('the feed form: Connection Error, and no dialog', async ({ page, baseURL }) => {
      await failChunk(page, 'CalendarFeedDialog');
      await signInForBreaks(page, baseURL!);
      await page.goto('/calendar');
      await page.getByRole('button', { name: 'Use a calendar feed' }).click();
      await expectToast(page, 'Connection Error', 'The feed form could not be loaded. Please try again.');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('the disconnect confirmation: Disconnect Failed, and the feed stays connected', async ({ page, baseURL }) => {
      const feed = await serveIcsFeed('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Breaker//e2e//EN\r\nEND:VCALENDAR\r\n');
      try {
        await failChunk(page, 'DisconnectFeedDialog');
        await signInForBreaks(page, baseURL!);
        const connected = await page.request.put('/api/calendar/ics-feed', {
          data: { url: feed.url },
          headers: { origin: baseURL! },
        });
        expect(connected.status(), await connected.text()).toBe(200);
        await page.goto('/calendar');
        await page.getByRole('button', { name: 'Disconnect feed' }).click();
        await expectToast(page, 'Disconnect Failed', 'The confirmation could not be loaded. Please try again.');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Sync Calendar' })).toBeVisible();
      } finally {
        await feed.close();
      }
    });
  });
}
