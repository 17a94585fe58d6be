import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMicrosoft } from '../fake-microsoft.js';
import { signIn, startTestFake, TEST_CLIENT, tokenRequest, USER } from '../fake-microsoft.test-support.js';

let fake: FakeMicrosoft;
beforeAll(async () => {
  fake = await startTestFake();
});
afterAll(() => fake.close());

const admin = (path: string, init: RequestInit = {}) =>
  fetch(`${fake.origin}/__fake/${path}`, { ...init, headers: { 'content-type': 'application/json' } });

describe('the admin surface over HTTP', () => {
  it('seeds events, loses grants and lists calls, without logging itself', async () => {
    fake.resetCalls();
    const seeded = await admin(`accounts/${USER}/events`, {
      method: 'PUT',
      body: JSON.stringify([
        {
          subject: 'Seeded',
          start: { dateTime: '2026-12-01T09:00:00', timeZone: 'UTC' },
          end: { dateTime: '2026-12-01T09:30:00', timeZone: 'UTC' },
        },
      ]),
    });
    expect(seeded.status).toBe(200);
    expect(fake.storedEvents(USER).map((event) => event.subject)).toEqual(['Seeded']);
    const tokens = await signIn(fake);
    expect(
      (await admin(`accounts/${USER}/lose-grants`, { method: 'POST', body: JSON.stringify({ loss: 'expired' }) })).status,
    ).toBe(204);
    const refreshed = await tokenRequest(fake, {
      client_id: TEST_CLIENT.clientId,
      client_secret: TEST_CLIENT.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(await refreshed.json()).toMatchObject({ error: 'invalid_grant', error_codes: [700082] });
    const { calls } = (await (await admin('calls')).json()) as { calls: Array<{ path: string }> };
    expect(calls.map((call) => call.path)).toEqual([
      '/common/oauth2/v2.0/authorize',
      '/common/oauth2/v2.0/token',
      '/common/oauth2/v2.0/token',
    ]);
  });

  it('answers a refused action with 400 and a reason', async () => {
    const response = await admin('fail-next', { method: 'POST', body: JSON.stringify({ status: 418 }) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBeTruthy();
  });
});
