// A calendar feed (ICS) instead of Google, on the two stacks without a Google client: the feed is served by this
// spec on 127.0.0.1, which the API reads because start-stack.mjs sets ALLOW_PRIVATE_FEEDS=true. A page that is not
// iCalendar is refused; the feed's meetings show on the week grid, breaks keep clear of the busy one, sync re-reads
// the feed, and disconnecting removes the meetings.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newAccount, registerAndSignIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { navigateTo } from './support/screens';
import { columnName, type Day, icsUtc, nextWorkDayInView } from './support/days';
import { expectToast, toasts } from './support/toasts';
import { apart, columnLayout, saveWorkSchedule } from './support/week-grid';

interface Meeting {
  title: string;
  from: string;
  to: string;
  busy: boolean;
  /** As the meeting block's title shows the time. */
  shown: string;
}

const MEETINGS: Meeting[] = [
  { title: 'Quarterly planning', from: '10:00', to: '12:00', busy: true, shown: '10:00 AM – 12:00 PM' },
  { title: 'Optional office hours', from: '14:00', to: '15:00', busy: false, shown: '2:00 PM – 3:00 PM' },
];

function feedFor(day: Day): string {
  const events = MEETINGS.flatMap(({ title, from, to, busy }, index) => [
    'BEGIN:VEVENT',
    `UID:breaker-e2e-${day}-${index}@example.com`,
    `DTSTAMP:${icsUtc(day, '00:00')}`,
    `DTSTART:${icsUtc(day, from)}`,
    `DTEND:${icsUtc(day, to)}`,
    `SUMMARY:${title}`,
    ...(busy ? [] : ['TRANSP:TRANSPARENT']),
    'END:VEVENT',
  ]);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Breaker//e2e//EN',
    'CALSCALE:GREGORIAN',
    ...events,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** Serves the feed at /calendar.ics and an ordinary web page at /page.html, on 127.0.0.1 and a free port. */
async function startFeedServer(ics: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.url === '/calendar.ics') {
      response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
      response.end(ics);
    } else if (request.url === '/page.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><html><head><title>My calendar</title></head><body><h1>Hello</h1></body></html>');
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test('connect a calendar feed: a web page is refused, meetings on the grid, breaks around them, sync, disconnect', async ({
  page,
  baseURL,
}) => {
  const { target, nextWeek } = nextWorkDayInView();
  const feed = await startFeedServer(feedFor(target));
  const account = newAccount('ics');

  try {
    await test.step('sign in and set 4 breaks a day, 07:00 to 19:00', async () => {
      await registerAndSignIn(page, baseURL!, account);
      await saveWorkSchedule(page);
      await expect(page.getByText('Not Connected', { exact: true })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Calendar feed URL (ICS)' })).toBeVisible();
    });

    const column = page.getByRole('group', { name: columnName(target), exact: true });
    const meetingBlocks = column.getByTestId('meeting-block');
    const dialog = page.getByRole('dialog', { name: 'Connect a calendar feed' });
    const urlInput = dialog.getByRole('textbox', { name: 'Calendar feed URL (ICS)' });
    const sync = page.getByRole('button', { name: 'Sync Calendar' });

    await test.step('the calendar offers a feed beside Google', async () => {
      await navigateTo(page, 'Calendar');
      await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Connect Google Calendar' })).toBeVisible();
      await expect(sync).toHaveCount(0);
      if (nextWeek) await page.getByRole('button', { name: 'Next week' }).click();
      await expect(column).toBeVisible();
      await page.getByRole('button', { name: 'Use a calendar feed' }).click();
      await expect(urlInput).toBeVisible();
      await expect(urlInput).toHaveAccessibleDescription(
        'In Outlook, Apple Calendar or Fastmail, copy the secret iCal / ICS address of your calendar. webcal:// works too.',
      );
    });

    await test.step('a web page instead of a feed: Connection Failed', async () => {
      await urlInput.fill(`${feed.origin}/page.html`);
      await dialog.getByRole('button', { name: 'Connect feed' }).click();
      await expectToast(
        page,
        'Connection Failed',
        'That address did not return an iCalendar feed (it should start with BEGIN:VCALENDAR)',
      );
      await expect(sync).toHaveCount(0);
    });

    await test.step('the feed: Calendar Connected!, and both meetings show with their titles', async () => {
      await urlInput.fill(`${feed.origin}/calendar.ics`);
      await dialog.getByRole('button', { name: 'Connect feed' }).click();
      await expectToast(page, 'Calendar Connected!', 'Imported 2 events from your calendar feed');
      await expect(dialog).toBeHidden();
      await expect(sync).toBeVisible();
      for (const { title, busy, shown } of MEETINGS) {
        const block = meetingBlocks.filter({ hasText: title });
        await expect(block).toBeVisible();
        await expect(block).toHaveAttribute('title', `${title}, ${shown}`);
        if (busy) await expect(block).not.toHaveAttribute('data-free');
        else await expect(block).toHaveAttribute('data-free', 'true');
      }
    });

    await test.step('Refresh Breakers: no break overlaps the busy meeting', async () => {
      await page.getByRole('button', { name: 'Refresh Breakers' }).click();
      const refreshed = toasts(page).getByRole('alert').filter({ hasText: 'Breakers Refreshed' });
      await expect(refreshed).toBeVisible();
      await refreshed.getByRole('button', { name: 'Dismiss notification' }).click();
      await expect(column.getByTestId('break-block').first()).toBeVisible();
      const { meetings, breaks } = await columnLayout(column);
      const busy = meetings.find(({ title }) => title === MEETINGS[0]!.title);
      expect(busy, 'the busy meeting is drawn').toBeDefined();
      // Pixels per minute from the busy meeting, two hours long.
      const pxPerMinute = (busy!.bottom - busy!.top) / 120;
      expect(breaks.length).toBeGreaterThan(0);
      for (const placed of breaks) {
        expect(placed.minutes, placed.label).toBeGreaterThan(0);
        // The break's own time, not its drawn box (short breaks are drawn taller so they stay readable).
        const end = placed.top + placed.minutes * pxPerMinute;
        expect(end <= busy!.top + 0.5 || placed.top >= busy!.bottom - 0.5, `${placed.label} overlaps the meeting`).toBe(true);
        expect(apart(placed, busy!), `${placed.label} is drawn over the meeting`).toBe(true);
      }
    });

    await test.step('Sync Calendar: Calendar Synced', async () => {
      await sync.click();
      await expectToast(page, 'Calendar Synced', 'Your calendar is up to date');
      await expect(meetingBlocks).toHaveCount(MEETINGS.length);
    });

    await test.step('Settings names the feed', async () => {
      await navigateTo(page, 'Settings');
      await expect(page.getByText('Connected (calendar feed)')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Disconnect feed' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Calendar feed URL (ICS)' })).toHaveCount(0);
    });

    await test.step('Disconnect feed: Calendar Disconnected, and the meetings are gone', async () => {
      await navigateTo(page, 'Calendar');
      if (nextWeek) await page.getByRole('button', { name: 'Next week' }).click();
      await expect(meetingBlocks).toHaveCount(MEETINGS.length);
      await page.getByRole('button', { name: 'Disconnect feed' }).click();
      await page.getByRole('dialog', { name: 'Disconnect calendar feed?' }).getByRole('button', { name: 'Disconnect' }).click();
      await expectToast(page, 'Calendar Disconnected', 'Your calendar feed was disconnected.');
      await expect(meetingBlocks).toHaveCount(0);
      await expect(sync).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Use a calendar feed' })).toBeVisible();
    });
  } finally {
    await feed.close();
  }
});
