import { SERVER_MESSAGES, type BreakSession, type Preferences } from '@breaker/api-contract';
import { insertTestMeeting } from '@breaker/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TestClient, type AppUnderTest } from '../app.test-support.js';

/** Monday 23 November 2026, 06:00 UTC: the whole work day (08:00–17:00 UTC) is still ahead. */
const NOW = new Date('2026-11-23T06:00:00Z');
const at = (time: string) => `2026-11-23T${time}:00.000Z`;

class BreakClient extends TestClient {
  async mutate<T>(path: string, input: unknown): Promise<{ status: number; data: T; message: string }> {
    const response = await this.request('POST', `/trpc/${path}`, input);
    const body = response.json<{ result?: { data: T }; error?: { message: string } }>();
    return { status: response.statusCode, data: body.result?.data as T, message: body.error?.message ?? '' };
  }

  upcoming(): Promise<BreakSession[]> {
    return this.request('GET', '/api/upcoming-breaks').then((response) => response.json<BreakSession[]>());
  }

  async add(from: string): Promise<BreakSession> {
    const added = await this.mutate<BreakSession>('breaks.add', { from: at(from) });
    expect(added.status, added.message).toBe(200);
    return added.data;
  }
}

describe.each(['pglite', 'postgres'] as const)('skips and Later on %s', (backend) => {
  let subject: AppUnderTest;
  beforeAll(async () => {
    subject = await startTestApp(backend, { now: () => NOW });
  });
  afterAll(async () => subject.close());

  /** A user working 08:00–17:00 UTC, 3 breaks a day, with a meeting 10:10–11:00. */
  async function signedIn(name: string, skipBudget?: number): Promise<BreakClient> {
    const client = new BreakClient(subject.app);
    const { id } = await client.registerAndSignIn(name);
    const saved = await client.request('PUT', '/api/user/preferences', {
      preferences: { breakFrequency: 3, workStartTime: '08:00', workEndTime: '17:00', timezone: 'UTC', skipBudget },
    });
    expect(saved.statusCode).toBe(200);
    await insertTestMeeting(subject.db, id, {
      externalId: 'review',
      title: 'Review',
      start: new Date(at('10:10')),
      end: new Date(at('11:00')),
      call: true,
    });
    return client;
  }

  it('keeps a skip budget from 0 to 5, 1 by default, through REST and tRPC alike, and refuses others with a message', async () => {
    const client = new BreakClient(subject.app);
    await client.registerAndSignIn('budget');
    expect((await client.request('GET', '/api/user/preferences')).json<Preferences>().skipBudget).toBe(1);
    const rest = await client.request('PUT', '/api/user/preferences', { preferences: { skipBudget: 0 } });
    expect(rest.json<Preferences>().skipBudget).toBe(0);
    const trpc = await client.mutate<Preferences>('preferences.update', { preferences: { skipBudget: 5 } });
    expect(trpc.data.skipBudget).toBe(5);
    for (const skipBudget of [6, -1, 1.5, '2']) {
      const refused = await client.request('PUT', '/api/user/preferences', { preferences: { skipBudget } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(/skip budget from 0 to 5/);
      const refusedByTrpc = await client.mutate('preferences.update', { preferences: { skipBudget } });
      expect(refusedByTrpc.status).toBe(400);
    }
    expect((await client.request('GET', '/api/user/preferences')).json<Preferences>().skipBudget).toBe(5);
  });

  it('marks a skip within the budget only; past it, books a pinned replacement in the next gap (REST, then tRPC)', async () => {
    const client = await signedIn('skipper');
    const morning = await client.add('08:00');
    const noon = await client.add('12:00');
    const late = await client.add('15:00');

    const first = await client.request('PATCH', `/api/break-sessions/${morning.id}`, { skipped: true });
    expect(first.statusCode).toBe(200);
    expect(first.json<BreakSession>()).toMatchObject({ id: morning.id, skipped: true });
    expect((await client.upcoming()).map((b) => b.id)).toEqual([morning.id, noon.id, late.id]);

    const second = await client.mutate<BreakSession>('breaks.update', { id: noon.id, patch: { skipped: true } });
    expect(second.status, second.message).toBe(200);
    expect(second.data).toMatchObject({ id: noon.id, skipped: true });
    const after = await client.upcoming();
    expect(after.map((b) => b.id)).toEqual([morning.id, noon.id, expect.any(String), late.id]);
    const replacement = after[2]!;
    // 30 minutes after the skipped break ends, on the 5-minute grid, and 30 minutes clear of the 15:00 break.
    const noonEnd = Date.parse(noon.scheduledTime) + noon.duration * 60_000;
    expect(Date.parse(replacement.scheduledTime)).toBe(Math.ceil((noonEnd + 30 * 60_000) / 300_000) * 300_000);
    expect(replacement).toMatchObject({
      skipped: false,
      pinned: true,
      placementReason: 'Replaces the break you skipped at 12:00.',
    });
  });

  it('books a replacement for the first skip of a day with a budget of 0, through the same PATCH the notification sends', async () => {
    const client = await signedIn('no-skips', 0);
    const only = await client.add('14:00');
    expect((await client.request('PATCH', `/api/break-sessions/${only.id}`, { skipped: true })).statusCode).toBe(200);
    const breaks = await client.upcoming();
    expect(breaks).toHaveLength(2);
    expect(breaks[1]).toMatchObject({ scheduledTime: at('14:35'), placementReason: 'Replaces the break you skipped at 14:00.' });
  });

  it('moves a break with Later: 10 minutes on when free, past a meeting in the way otherwise (REST, then tRPC)', async () => {
    const client = await signedIn('later');
    const afternoon = await client.add('14:00');
    const rest = await client.request('POST', `/api/break-sessions/${afternoon.id}/later`);
    expect(rest.statusCode).toBe(200);
    expect(rest.json<BreakSession>()).toMatchObject({
      id: afternoon.id,
      scheduledTime: at('14:10'),
      pinned: true,
      placementReason: 'Moved later by you.',
    });

    const morning = await client.add('10:00');
    // 10:10 is the meeting's start; after it ends at 11:00 the 5-minute buffer leads to 11:05.
    const trpc = await client.mutate<BreakSession>('breaks.later', { id: morning.id });
    expect(trpc.status, trpc.message).toBe(200);
    expect(trpc.data.scheduledTime).toBe(at('11:05'));
  });

  it('answers Later and skip on a skipped, a missing or another user’s break with a clear 4xx', async () => {
    const client = await signedIn('refusals');
    const taken = await client.add('14:00');
    await client.request('PATCH', `/api/break-sessions/${taken.id}`, { skipped: true });
    const again = await client.request('POST', `/api/break-sessions/${taken.id}/later`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: SERVER_MESSAGES.breakAlreadyTaken });
    expect((await client.request('PATCH', `/api/break-sessions/${taken.id}`, { skipped: true })).statusCode).toBe(409);

    const stranger = new BreakClient(subject.app);
    await stranger.registerAndSignIn('stranger');
    expect((await stranger.request('POST', `/api/break-sessions/${taken.id}/later`)).statusCode).toBe(404);
    expect((await stranger.mutate('breaks.later', { id: 'not-an-id' })).status).toBe(400);
  });
});
