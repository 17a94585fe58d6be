import { describe, expect, it } from 'vitest';
import { appForSuite, TestClient } from '../app.test-support.js';

describe('the cookies of a Google OAuth flow', () => {
  const subject = appForSuite('pglite', {
    env: { GOOGLE_CLIENT_ID: 'client-id.apps.example', GOOGLE_CLIENT_SECRET: 'client-secret' },
  });

  /** The state and PKCE verifier cookies a flow's first redirect sets. */
  function flowCookies(response: { statusCode: number; cookies: { name: string; maxAge?: number; httpOnly?: boolean }[] }) {
    expect(response.statusCode).toBe(303);
    return response.cookies.filter((cookie) => /state|verifier/.test(cookie.name));
  }

  it('last ten minutes for sign-in and for calendar connection', async () => {
    const client = new TestClient(subject.app);
    const signIn = flowCookies(await client.request('GET', '/api/auth/google'));
    await client.registerAndSignIn('connecting');
    const calendar = flowCookies(await client.request('GET', '/api/auth/google/calendar'));
    for (const cookies of [signIn, calendar]) {
      expect(cookies).toHaveLength(2);
      for (const cookie of cookies) expect(cookie).toMatchObject({ maxAge: 600, httpOnly: true });
    }
  });
});
