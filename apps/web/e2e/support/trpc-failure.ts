import type { Page } from '@playwright/test';

/**
 * Makes every tRPC request that carries `procedure` fail as a server that is down answers (503 with a message),
 * one error per call of the batch. Returns the undo.
 */
export async function failProcedure(
  page: Page,
  procedure: string,
  message = 'Service unavailable',
): Promise<() => Promise<void>> {
  const pattern = new RegExp(`/trpc/[^?]*${procedure.replaceAll('.', '\\.')}`);
  await page.route(pattern, async (route) => {
    const procedures = new URL(route.request().url()).pathname.split('/trpc/')[1]?.split(',') ?? [];
    const error = { message, code: -32603, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } };
    const batched = new URL(route.request().url()).searchParams.has('batch');
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify(batched ? procedures.map(() => ({ error })) : { error }),
    });
  });
  return () => page.unroute(pattern);
}
