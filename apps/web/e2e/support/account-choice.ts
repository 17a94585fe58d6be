import type { Page } from '@playwright/test';

/**
 * Picks the account the browser signs in with at a provider, as a person would on its account chooser: Breaker's
 * redirect from one of `starts` to the provider gets `login_hint`, when `hintable` says that redirect should carry it.
 * (The request to the provider itself cannot be routed: Playwright routes only the first request of a redirect
 * chain.) Breaker's answer is fetched with the browser's cookies, and its state and PKCE cookies land in the browser's
 * cookie jar as usual. A later choice for the same page wins: Playwright tries the newest route first.
 */
export async function hintAccountOnRedirect(
  page: Page,
  starts: ReadonlySet<string>,
  hintable: (target: URL) => boolean,
  loginHint: string,
): Promise<void> {
  await page.route(
    (url) => starts.has(url.pathname),
    async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      const location = response.headers()['location'];
      const target = location === undefined ? undefined : new URL(location, route.request().url());
      if (!target || !hintable(target)) return route.fulfill({ response });
      target.searchParams.set('login_hint', loginHint);
      // The cookies of the answer are in the browser already (route.fetch shares the context's cookie jar).
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => name !== 'set-cookie'));
      return route.fulfill({ response, headers: { ...headers, location: target.toString() } });
    },
  );
}
