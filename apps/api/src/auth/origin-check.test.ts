import { SERVER_MESSAGES } from '@breaker/api-contract';
import { describe, expect, it } from 'vitest';
import { appForSuite, ORIGIN, TestClient } from '../app.test-support.js';
import { restRoutes } from '../routes/rest-routes.js';
import { isServedHost } from './origin-check.js';

const FOREIGN = 'https://evil.example';
const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789';
const USER_ID = '00000000-0000-4000-8000-000000000000';

/** Every state-changing call of the app: the REST table's, tRPC mutations, and a path that matches nothing. */
const STATE_CHANGING_CALLS: { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string }[] = [
  ...restRoutes.flatMap((route) =>
    route.method === 'GET'
      ? []
      : [{ method: route.method as 'POST', url: route.url.replace(':userId', USER_ID).replace(':id', '1') }],
  ),
  { method: 'POST', url: '/trpc/auth.login' },
  { method: 'POST', url: '/trpc/auth.logout' },
  { method: 'POST', url: '/trpc/auth.testLogin' },
  { method: 'POST', url: '/trpc/breaks.refresh' },
  { method: 'POST', url: '/nothing/here' },
];

/** The path as written, with one character percent-encoded (upper- or lower-case hex), and with all of them. */
function spellings(url: string): string[] {
  const encode = (char: string, lower: boolean) => {
    const hex = `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
    return lower ? hex : hex.toUpperCase();
  };
  const result = [url];
  for (let index = 1; index < url.length; index += 1) {
    if (url[index] === '/') continue;
    result.push(url.slice(0, index) + encode(url[index]!, index % 2 === 0) + url.slice(index + 1));
  }
  result.push([...url].map((char) => (char === '/' ? char : encode(char, false))).join(''));
  return result;
}

describe('the Origin check, whatever the spelling of the path', () => {
  const subject = appForSuite('pglite', { env: { ALLOW_DEV_LOGIN: 'true' } });

  it('refuses a cross-site form that signs out through /%61pi/auth/logout', async () => {
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('ada');
    const forged = await client.send('POST', '/%61pi/auth/logout', { origin: FOREIGN, 'content-type': 'text/plain' }, 'a=b');
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ message: SERVER_MESSAGES.foreignOrigin });
    expect((await client.request('GET', '/api/auth/user')).statusCode).toBe(200);
  });

  it('refuses a sign-in without Origin through /a%70i/auth/login', async () => {
    await new TestClient(subject.app).registerAndSignIn('grace');
    const forged = await new TestClient(subject.app).send(
      'POST',
      '/a%70i/auth/login',
      { 'content-type': 'application/json' },
      JSON.stringify({ username: 'grace', password: 'correct horse' }),
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.cookies).toEqual([]);
  });

  it('refuses a cross-site multipart development sign-in through /%74rpc/auth.testLogin', async () => {
    const forged = await new TestClient(subject.app).send(
      'POST',
      '/%74rpc/auth.testLogin',
      { origin: FOREIGN, 'content-type': 'multipart/form-data; boundary=x' },
      '--x--\r\n',
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.cookies).toEqual([]);
  });

  it('resolves the session on an encoded spelling of an API path as on the plain one', async () => {
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('linus');
    expect((await client.send('GET', '/%61pi/auth/user', {})).statusCode).toBe(200);
    const signOut = await client.send('POST', '/%61pi/auth/logout', { origin: ORIGIN });
    expect(signOut.statusCode).toBe(200);
    expect((await client.request('GET', '/api/auth/user')).statusCode).toBe(401);
  });

  it('refuses every state-changing call, in every spelling, without Origin or from another site', async () => {
    for (const { method, url } of STATE_CHANGING_CALLS) {
      for (const spelling of spellings(url)) {
        for (const origin of [undefined, FOREIGN, 'null', `${ORIGIN}.evil.example`]) {
          const response = await subject.app.inject({
            method,
            url: spelling,
            headers: { 'content-type': 'text/plain', ...(origin === undefined ? {} : { origin }) },
            payload: 'a=b',
          });
          expect({ spelling, origin, status: response.statusCode }).toEqual({ spelling, origin, status: 403 });
          expect(response.json()).toEqual({ message: SERVER_MESSAGES.foreignOrigin });
        }
      }
    }
  });
});

describe('the Host check (DNS rebinding)', () => {
  const subject = appForSuite('pglite', {
    env: { APP_URL: 'https://breaker.example.com', OPERATOR_TOKEN, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' },
  });

  const get = (url: string, host: string, headers: Record<string, string> = {}) =>
    subject.app.inject({ method: 'GET', url, headers: { host, ...headers } });

  it("refuses any name but APP_URL's, for the API, the pages and paths that match nothing", async () => {
    for (const host of ['evil.example', 'breaker.example.com.evil.example', 'localhost:3000', '127.0.0.1', '10.0.0.7:3000']) {
      for (const url of ['/api/auth/user', '/%61pi/auth/user', '/trpc/auth.user', '/', '/login', '/nothing/here']) {
        const response = await get(url, host);
        expect({ host, url, status: response.statusCode }).toEqual({ host, url, status: 421 });
        expect(response.json()).toEqual({ message: SERVER_MESSAGES.foreignHost });
      }
    }
  });

  it("answers under APP_URL's name, with or without its default port, in any case", async () => {
    for (const host of ['breaker.example.com', 'BREAKER.example.COM', 'breaker.example.com:443']) {
      expect((await get('/api/auth/user', host)).statusCode).toBe(401);
    }
  });

  it('sends the Google sign-in and its callback on only under the public name', async () => {
    expect((await get('/api/auth/google', 'evil.example')).statusCode).toBe(421);
    const start = await get('/api/auth/google', 'breaker.example.com');
    expect(start.statusCode).toBe(303);
    expect(new URL(start.headers.location as string).searchParams.get('redirect_uri')).toBe(
      'https://breaker.example.com/api/auth/google/callback',
    );
    expect((await get('/api/auth/google/callback?error=access_denied', 'evil.example')).statusCode).toBe(421);
    const declined = await get('/api/auth/google/callback?error=access_denied', 'breaker.example.com');
    expect(declined.headers.location).toBe('/login?error=google_failed');
  });

  it('lets health checks and the metrics scrape in by an internal name, but not the job dashboard', async () => {
    for (const host of ['127.0.0.1:3000', 'api:3000']) {
      expect((await get('/api/health', host)).statusCode).toBe(200);
      expect((await get('/api/ready', host)).statusCode).toBe(200);
      const metrics = await get('/metrics', host, { authorization: `Bearer ${OPERATOR_TOKEN}` });
      expect(metrics.statusCode).toBe(200);
      expect((await get('/metrics', host)).statusCode).toBe(401);
      const dashboard = await get('/admin/queues', host, { authorization: `Bearer ${OPERATOR_TOKEN}` });
      expect(dashboard.statusCode).toBe(421);
    }
    const dashboard = await get('/admin/queues', 'breaker.example.com', { authorization: `Bearer ${OPERATOR_TOKEN}` });
    expect(dashboard.statusCode).toBe(200);
  });
});

describe('isServedHost', () => {
  const publicUrl = new URL('https://breaker.example.com');
  const loopbackUrl = new URL('http://127.0.0.1:3101');

  it('takes any loopback name when APP_URL is on loopback, and nothing else', () => {
    for (const host of ['127.0.0.1:3101', '127.0.0.7:3101', 'localhost', 'LOCALHOST:80', '[::1]:3101', '127.0.0.1']) {
      expect({ host, served: isServedHost(host, loopbackUrl) }).toEqual({ host, served: true });
    }
    for (const host of ['evil.example:3101', '127.0.0.1.nip.io:3101', '192.168.1.5:3101', 'localhost.evil.example']) {
      expect({ host, served: isServedHost(host, loopbackUrl) }).toEqual({ host, served: false });
    }
  });

  it('refuses a missing, empty or malformed Host, and anything dressed up as the public name', () => {
    const hostile = [
      undefined,
      '',
      ' ',
      'breaker.example.com ',
      'evil.example@breaker.example.com',
      'breaker.example.com@evil.example',
      'breaker.example.com/evil',
      'breaker.example.com:99999',
      'breaker.example.com:8443',
      'breaker.example.com.',
      'breaker.example.com\u0000',
      'xn--brker-kva.example.com',
      '[zz]',
      'breaker.example.com, evil.example',
      '%62reaker.example.com',
    ];
    for (const host of hostile) {
      expect({ host, served: isServedHost(host, publicUrl) }).toEqual({ host, served: false });
    }
    expect(isServedHost('127.0.0.1:3000', publicUrl)).toBe(false);
  });
});
