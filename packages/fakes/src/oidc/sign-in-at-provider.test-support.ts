/**
 * Plays the browser at the provider: follows the authorization request to the login form, submits it with `login` (an account's `sub`),
 * and answers where the provider finally sends the browser back (Breaker's callback with `code` and `state`).
 */
export async function signInAtProvider(authorizationUrl: URL, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const origin = authorizationUrl.origin;
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
    form = undefined;
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const split = pair.indexOf('=');
      cookies.set(pair.slice(0, split), pair.slice(split + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.origin !== origin) return url;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action || !page.includes('name="login"'))
      throw new Error(`the provider answered ${response.status} without a login form`);
    url = new URL(action.replaceAll('&amp;', '&'), url);
    form = new URLSearchParams({ prompt: 'login', login, password: 'any password' });
  }
  throw new Error('the provider never sent the browser back');
}
