import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMicrosoft } from '../fake-microsoft.js';
import { callGraph, signIn, startSignedIn, USER } from '../fake-microsoft.test-support.js';

let fake: FakeMicrosoft;
let token: string;
beforeAll(async () => ({ fake, token } = await startSignedIn()));
afterAll(() => fake.close());

const body = {
  subject: 'Stretch · Breaker',
  start: { dateTime: '2026-12-01T10:00:00', timeZone: 'UTC' },
  end: { dateTime: '2026-12-01T10:10:00', timeZone: 'UTC' },
  showAs: 'free',
  transactionId: 'breaker-1',
  singleValueExtendedProperties: [{ id: 'String {66f5a359-4659-4830-9070-00047ec6ac6e} Name Breaker', value: 'break' }],
};
const post = (payload: unknown, bearer = token) =>
  callGraph(fake, bearer, '/v1.0/me/events', { method: 'POST', body: JSON.stringify(payload) });

describe('events', () => {
  it('creates (201), updates (200) and deletes (204) an event', async () => {
    const created = await post(body);
    expect(created.status).toBe(201);
    const event = (await created.json()) as { id: string; showAs: string; transactionId: string; start: unknown };
    expect(event).toMatchObject({
      showAs: 'free',
      transactionId: 'breaker-1',
      start: { dateTime: '2026-12-01T10:00:00.0000000', timeZone: 'UTC' },
    });
    const patched = await callGraph(fake, token, `/v1.0/me/events/${event.id}`, {
      method: 'PATCH',
      body: JSON.stringify({
        start: { dateTime: '2026-12-01T11:00:00', timeZone: 'UTC' },
        end: { dateTime: '2026-12-01T11:10:00', timeZone: 'UTC' },
      }),
    });
    expect(patched.status).toBe(200);
    expect(
      fake
        .storedEvents(USER)
        .find((stored) => stored.id === event.id)
        ?.start.toISOString(),
    ).toBe('2026-12-01T11:00:00.000Z');
    expect((await callGraph(fake, token, `/v1.0/me/events/${event.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await callGraph(fake, token, `/v1.0/me/events/${event.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('creates nothing new for a transactionId it already holds', async () => {
    const first = (await (await post({ ...body, transactionId: 'breaker-2' })).json()) as { id: string };
    const again = (await (await post({ ...body, transactionId: 'breaker-2' })).json()) as { id: string };
    expect(again.id).toBe(first.id);
    expect(fake.storedEvents(USER).filter((event) => event.transactionId === 'breaker-2')).toHaveLength(1);
  });

  it('refuses an end before the start, an all-day event off midnight and an unknown showAs', async () => {
    expect(
      (await post({ ...body, transactionId: undefined, end: { dateTime: '2026-12-01T09:00:00', timeZone: 'UTC' } })).status,
    ).toBe(400);
    expect((await post({ ...body, transactionId: undefined, isAllDay: true })).status).toBe(400);
    expect((await post({ ...body, transactionId: undefined, showAs: 'maybe' })).status).toBe(400);
  });

  it('refuses writes without Calendars.ReadWrite', async () => {
    const readOnly = (await signIn(fake, { scope: 'openid profile User.Read Calendars.Read' })).access_token;
    const refused = await post({ ...body, transactionId: 'breaker-3' }, readOnly);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'ErrorAccessDenied' } });
  });

  it('answers /v1.0/me with the default user properties', async () => {
    const me = await callGraph(fake, token, '/v1.0/me');
    expect(await me.json()).toMatchObject({
      id: '3f2a7b1c-0d4e-4f5a-9b6c-7d8e9f0a1b2c',
      userPrincipalName: USER,
      mail: USER,
      displayName: 'Adele Vance',
    });
  });
});
