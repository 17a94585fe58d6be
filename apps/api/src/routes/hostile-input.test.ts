import { describe, expect, it } from 'vitest';
import { appForSuite, ORIGIN, TestClient } from '../app.test-support.js';

const AUTH_CALLS = [
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/debug/bypass-login',
  '/trpc/auth.login',
  '/trpc/auth.register',
  '/trpc/auth.forgotPassword',
  '/trpc/auth.resetPassword',
  '/trpc/auth.emergencyLogin',
];

const HOSTILE_BODIES: { name: string; payload: string; contentType?: string }[] = [
  { name: 'malformed JSON', payload: '{"username": "ada", ' },
  { name: 'an array', payload: '[1, 2, 3]' },
  { name: 'a string', payload: '"hello"' },
  { name: 'null', payload: 'null' },
  {
    name: 'wrong types',
    payload: JSON.stringify({ username: 42, email: ['x'], password: { a: 1 }, token: 7, newPassword: false }),
  },
  {
    name: 'NUL bytes',
    payload: JSON.stringify({
      username: 'ad\u0000a',
      email: 'a\u0000@example.com',
      password: 'pass\u0000word',
      token: '\u0000',
      newPassword: '\u0000',
    }),
  },
  {
    name: 'lone surrogates',
    payload:
      '{"username":"\\ud800\\udfff\\ud800","email":"\\ud83d@example.com","password":"\\udc00\\udc00\\udc00","token":"\\ud800","newPassword":"\\ud800"}',
  },
  { name: 'a huge body', payload: JSON.stringify({ username: 'a'.repeat(200_000), password: 'b' }) },
  { name: 'plain text', payload: 'username=ada&password=x', contentType: 'text/plain' },
  { name: 'a form', payload: 'username=ada&password=x', contentType: 'application/x-www-form-urlencoded' },
];

describe('hostile input on every sign-in call', () => {
  const subject = appForSuite('pglite', { env: { ALLOW_DEV_LOGIN: 'true' } });

  for (const url of AUTH_CALLS) {
    for (const body of HOSTILE_BODIES) {
      it(`${url} answers ${body.name} with a 4xx and a message`, async () => {
        const response = await subject.app.inject({
          method: 'POST',
          url,
          remoteAddress: `127.1.${AUTH_CALLS.indexOf(url)}.${HOSTILE_BODIES.indexOf(body) + 2}`,
          headers: { origin: ORIGIN, 'content-type': body.contentType ?? 'application/json' },
          payload: body.payload,
        });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        const json = response.json<{ message?: string; error?: { message?: string } }>();
        expect(json.message ?? json.error?.message).toEqual(expect.stringMatching(/\S/));
      });
    }
  }

  it('stays healthy afterwards', async () => {
    expect((await subject.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('accepts any Unicode in passwords, exactly as typed', async () => {
    const password = '  пароль 🔑 ‮ spaces  ';
    const client = new TestClient(subject.app);
    const registered = await client.request('POST', '/api/auth/register', {
      username: 'Ünïcødé',
      email: 'unicode@example.com',
      password,
    });
    expect(registered.statusCode).toBe(201);
    const trimmed = await client.request('POST', '/api/auth/login', { username: 'ünïcødé', password: password.trim() });
    expect(trimmed.statusCode).toBe(401);
    const exact = await client.request('POST', '/api/auth/login', { username: 'ünïcødé', password });
    expect(exact.statusCode).toBe(200);
  });
});
