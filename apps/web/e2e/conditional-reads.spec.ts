// The web app's reads are revalidated: the browser keeps the upcoming breaks with their ETag and asks again with it
// on a reload; the server's 304 leaves the page showing the same breaks, and a change made meanwhile comes back in
// full. (Playwright reports a revalidated answer with the status of the kept one, so the ETags tell what happened.)
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signInWithOneBreak } from './support/breaks';

interface Read {
  /** The ETag the browser sent back, if any. */
  sent: string | undefined;
  /** The ETag of the answer it used. */
  received: string | undefined;
  /** Bytes of body that came over the wire: none for a 304. */
  bodyBytes: number;
}

/** Every tRPC read that asked for the upcoming breaks, in order. */
function upcomingBreakReads(page: Page): Read[] {
  const reads: Read[] = [];
  page.on('requestfinished', async (request) => {
    const url = new URL(request.url());
    const calls = url.pathname.startsWith('/trpc/') ? url.pathname.slice('/trpc/'.length).split(',') : [];
    if (request.method() !== 'GET' || !calls.includes('breaks.upcoming')) return;
    const response = await request.response();
    const [headers, sizes] = await Promise.all([request.allHeaders(), request.sizes()]);
    reads.push({
      sent: headers['if-none-match'],
      received: (await response?.headerValue('etag')) ?? undefined,
      bodyBytes: sizes.responseBodySize,
    });
  });
  return reads;
}

test('a reload shows the same breaks after a 304, and a changed plan in full', async ({ page, baseURL }) => {
  const session = await signInWithOneBreak(page, baseURL!);
  const reads = upcomingBreakReads(page);
  const card = page.getByRole('button', { name: /^Start Break Session/ });

  await page.goto('/');
  await expect(card).toContainText(`Next: ${session.activity.name},`);
  await expect.poll(() => reads.length).toBe(1);
  const [first] = reads;
  expect(first!.sent).toBeUndefined();
  expect(first!.received).toMatch(/^W\//);

  await page.reload();
  await expect(card).toContainText(`Next: ${session.activity.name},`);
  await expect.poll(() => reads.length).toBe(2);
  expect(reads[1]).toEqual({ sent: first!.received, received: first!.received, bodyBytes: 0 });

  const removed = await page.request.delete(`/api/break-sessions/${session.id}`, { headers: { origin: baseURL! } });
  expect(removed.status(), await removed.text()).toBe(200);
  await page.reload();
  await expect(page.getByRole('link', { name: /^Start Break Session/ })).toContainText('No Breakers are waiting.');
  await expect.poll(() => reads.length).toBe(3);
  expect(reads[2]!.sent).toBe(first!.received);
  expect(reads[2]!.received).not.toBe(first!.received);
  expect(reads[2]!.bodyBytes).toBeGreaterThan(0);
});
