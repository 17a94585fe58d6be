import { VALIDATION, type BreakSession, type Preferences } from '@breaker/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TestClient, type AppUnderTest } from '../app.test-support.js';

/** Monday 23 November 2026, 06:00 UTC: the whole work day is still ahead. */
const NOW = new Date('2026-11-23T06:00:00Z');
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

async function trpcUpdate(client: TestClient, preferences: Record<string, unknown>) {
  const response = await client.request('POST', '/trpc/preferences.update', { preferences });
  const body = response.json<{ result?: { data: Preferences }; error?: { message: string } }>();
  return { status: response.statusCode, preferences: body.result?.data, message: body.error?.message };
}

async function upcoming(client: TestClient): Promise<BreakSession[]> {
  return (await client.request('GET', '/api/upcoming-breaks')).json<BreakSession[]>();
}

const weekday = (iso: string): number => new Date(iso).getUTCDay() || 7;

describe.each(['pglite', 'postgres'] as const)('the planning preferences on %s', (backend) => {
  let subject: AppUnderTest;
  beforeAll(async () => {
    subject = await startTestApp(backend, { now: () => NOW });
  });
  afterAll(async () => subject.close());

  it('saves work days, break types, equipment and sync cadence over REST, and re-plans the breaks with them', async () => {
    const client = new TestClient(subject.app);
    const user = await client.registerAndSignIn('planning-rest');
    expect((await client.request('POST', `/api/refresh-breakers/${user.id}`)).statusCode).toBe(200);
    expect((await upcoming(client)).some((session) => session.activity.type !== 'eye-rest')).toBe(true);
    const saved = await client.request('PUT', '/api/user/preferences', {
      preferences: { workDays: [3, 1, 1], breakTypes: ['eye-rest'], equipment: ['stairs', 'no wall'], syncCadence: 'daily' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Preferences>()).toMatchObject({
      workDays: [1, 3],
      breakTypes: ['eye-rest'],
      equipment: ['stairs', 'no wall'],
      syncCadence: 'daily',
    });
    expect((await client.request('GET', '/api/user/preferences')).json<Preferences>()).toMatchObject({
      workDays: [1, 3],
      syncCadence: 'daily',
    });

    // No Refresh Breakers pressed again: the save itself re-planned them, on Mondays and Wednesdays, eye rest only.
    const breaks = await upcoming(client);
    expect(breaks.length).toBeGreaterThan(0);
    for (const session of breaks) {
      expect([1, 3]).toContain(weekday(session.scheduledTime));
      expect(session.activity.type).toBe('eye-rest');
    }
  });

  it('saves them over tRPC too, and a new choice of days moves the breaks', async () => {
    const client = new TestClient(subject.app);
    const user = await client.registerAndSignIn('planning-trpc');
    expect(await trpcUpdate(client, { workDays: EVERY_DAY, breakTypes: ['walk'] })).toMatchObject({ status: 200 });
    // Nothing planned yet, so nothing to re-plan: Refresh Breakers plans the first breaks.
    expect(await upcoming(client)).toEqual([]);
    expect((await client.request('POST', `/api/refresh-breakers/${user.id}`)).statusCode).toBe(200);
    expect((await upcoming(client)).some((session) => weekday(session.scheduledTime) === 6)).toBe(true);

    const result = await trpcUpdate(client, { workDays: [2], syncCadence: 'every-4-hours', equipment: ['none'] });
    expect(result).toMatchObject({
      status: 200,
      preferences: { workDays: [2], breakTypes: ['walk'], syncCadence: 'every-4-hours' },
    });
    const breaks = await upcoming(client);
    expect(breaks.length).toBeGreaterThan(0);
    for (const session of breaks) {
      expect(weekday(session.scheduledTime)).toBe(2);
      expect(session.activity.type).toBe('walk');
    }
  });

  it('saves which meetings block breaks over tRPC, in the order Settings shows them, each once', async () => {
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('planning-blocking');
    expect((await client.request('GET', '/api/user/preferences')).json<Preferences>().blockingStatuses).toEqual([
      'tentative',
      'outOfOffice',
    ]);
    const result = await trpcUpdate(client, { blockingStatuses: ['workingElsewhere', 'tentative', 'workingElsewhere'] });
    expect(result).toMatchObject({ status: 200, preferences: { blockingStatuses: ['tentative', 'workingElsewhere'] } });
    expect((await client.request('GET', '/api/user/preferences')).json<Preferences>().blockingStatuses).toEqual([
      'tentative',
      'workingElsewhere',
    ]);
  });

  it('re-plans when the work hours, the breaks per day or the zone are saved, and not for the skip budget alone', async () => {
    const client = new TestClient(subject.app);
    const user = await client.registerAndSignIn('planning-hours');
    await client.request('PUT', '/api/user/preferences', { preferences: { timezone: 'UTC', breakFrequency: 3 } });
    expect((await client.request('POST', `/api/refresh-breakers/${user.id}`)).statusCode).toBe(200);
    const before = await upcoming(client);
    expect(before.length).toBeGreaterThan(0);

    const budget = await client.request('PUT', '/api/user/preferences', { preferences: { skipBudget: 3 } });
    expect(budget.statusCode, budget.body).toBe(200);
    expect(await upcoming(client)).toEqual(before);

    const hours = await trpcUpdate(client, { workStartTime: '10:00', workEndTime: '16:00', breakFrequency: 6 });
    expect(hours).toMatchObject({ status: 200 });
    const afternoon = await upcoming(client);
    expect(afternoon.length).toBeGreaterThan(0);
    for (const session of afternoon) {
      const clock = session.scheduledTime.slice(11, 16);
      expect(clock >= '10:00' && clock < '16:00', clock).toBe(true);
    }
    const perDay = new Map<string, number>();
    for (const session of afternoon)
      perDay.set(session.scheduledTime.slice(0, 10), (perDay.get(session.scheduledTime.slice(0, 10)) ?? 0) + 1);
    expect(Math.max(...perDay.values())).toBeGreaterThan(3);

    // The same work hours in Kolkata (UTC+05:30): the breaks move to that zone's working day.
    const zone = await client.request('PUT', '/api/user/preferences', { preferences: { timezone: 'Asia/Kolkata' } });
    expect(zone.statusCode, zone.body).toBe(200);
    const kolkata = await upcoming(client);
    expect(kolkata.length).toBeGreaterThan(0);
    for (const session of kolkata) {
      const local = new Date(Date.parse(session.scheduledTime) + 330 * 60_000).toISOString().slice(11, 16);
      expect(local >= '10:00' && local < '16:00', local).toBe(true);
    }
  });

  let refused = 0;
  it.each([
    [{ workDays: [] }, 'Choose at least one work day'],
    [{ workDays: [0] }, ''],
    [{ syncCadence: 'weekly' }, 'Choose how often your calendar syncs'],
    [{ breakTypes: ['x'.repeat(65)] }, ''],
    [{ equipment: 'stairs' }, ''],
    [{ blockingStatuses: ['busy'] }, VALIDATION.blockingStatuses],
    [{ blockingStatuses: 'tentative' }, VALIDATION.blockingStatuses],
  ])('refuses %j with a 400 and a message over REST and tRPC', async (preferences, message) => {
    const client = new TestClient(subject.app);
    refused += 1;
    await client.registerAndSignIn(`planning-refused-${refused}`);
    const rest = await client.request('PUT', '/api/user/preferences', { preferences });
    expect(rest.statusCode).toBe(400);
    expect(rest.json<{ message: string }>().message).toBeTruthy();
    expect(rest.json<{ message: string }>().message).toContain(message);
    const trpc = await trpcUpdate(client, preferences);
    expect(trpc.status).toBe(400);
    expect(trpc.message).toBeTruthy();
    expect(trpc.message).toContain(message);
    expect((await upcoming(client)).length).toBe(0);
  });
});
