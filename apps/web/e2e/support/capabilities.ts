import type { Page } from '@playwright/test';

interface Capabilities {
  googleSignIn: boolean;
  oidcSignIn: string | null;
  registration: boolean;
  devLogin: boolean;
}

/**
 * Makes the page believe the server offers other sign-in capabilities than it does, by rewriting the
 * `auth.capabilities` answer in the batched tRPC GET (the rest of the batch passes through untouched). For testing
 * the screens' gates; what the server itself refuses is the API's own tests' business.
 */
export async function overrideCapabilities(page: Page, override: Partial<Capabilities>): Promise<void> {
  await page.route(/\/trpc\/[^?]*auth\.capabilities/, async (route) => {
    const response = await route.fetch();
    const procedures = new URL(route.request().url()).pathname.replace(/^\/trpc\//, '').split(',');
    const body = (await response.json()) as { result?: { data?: Capabilities } }[];
    const answer = body[procedures.indexOf('auth.capabilities')]?.result;
    if (!answer?.data) throw new Error(`unexpected capabilities answer: ${JSON.stringify(body)}`);
    answer.data = { ...answer.data, ...override };
    await route.fulfill({ response, json: body });
  });
}
