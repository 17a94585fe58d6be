import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeGoogle } from '../fake-google.js';
import { callApi, eventsPath, signIn, startTestFake, USER, type EventsPage } from '../fake-google.test-support.js';

describe('the /__fake/ admin', () => {
  let fake: FakeGoogle;
  const admin = (method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${fake.origin}/__fake/${path}`, {
      method,
      ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    fake = await startTestFake();
  });
  afterAll(() => fake.close());

  it('seeds events and reads them back without counting as Google calls', async () => {
    const events = `accounts/${encodeURIComponent(USER)}/calendars/primary/events`;
    const seeded = await admin('PUT', events, [
      {
        id: 'seeded1',
        summary: 'Seeded',
        start: { dateTime: '2025-03-24T09:00:00Z' },
        end: { dateTime: '2025-03-24T10:00:00Z' },
      },
    ]);
    expect(seeded.status).toBe(200);
    expect(((await seeded.json()) as { events: unknown[] }).events).toHaveLength(1);

    const { access_token: token } = await signIn(fake);
    const page = (await (await callApi(fake, token, eventsPath())).json()) as EventsPage;
    expect(page.items.map((item) => item.id)).toEqual(['seeded1']);

    expect((await admin('DELETE', `${events}/seeded1`)).status).toBe(204);
    const stored = (await (await admin('GET', events)).json()) as { events: Array<{ status: string }> };
    expect(stored.events[0]?.status).toBe('cancelled');
    const calls = (await (await admin('GET', 'calls')).json()) as { calls: Array<{ path: string }> };
    expect(calls.calls.map((call) => call.path)).toEqual([
      '/o/oauth2/v2/auth',
      '/token',
      '/calendar/v3/calendars/primary/events',
    ]);
  });

  it('schedules failures by path pattern and explains what it refuses', async () => {
    expect((await admin('POST', 'fail-next', { pathPattern: '/events$', status: 503, retryAfterSeconds: 2 })).status).toBe(204);
    const { access_token: token } = await signIn(fake);
    const failed = await callApi(fake, token, eventsPath());
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('2');

    const refused = await admin('POST', 'fail-next', { status: 418 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: expect.any(String) });
    const badEvent = await admin('POST', `accounts/${encodeURIComponent(USER)}/calendars/primary/events`, {
      summary: 'no times',
    });
    expect(await badEvent.json()).toEqual({ error: expect.stringContaining('Missing start time.') });
  });
});
