import {
  breakSession,
  SERVER_MESSAGES,
  type BreakActivityOption,
  type BreakSession,
  type BreakSlot,
} from '@breaker/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TestClient, type AppUnderTest } from '../app.test-support.js';

/** Monday 23 November 2026, 06:00 UTC: the whole work day (08:00–17:00 UTC) is still ahead. */
const NOW = new Date('2026-11-23T06:00:00Z');
const at = (time: string) => `2026-11-23T${time}:00.000Z`;

interface TrpcError {
  error: { message: string; data: { httpStatus: number } };
}

class BreakClient extends TestClient {
  async query<T>(path: string, input: unknown): Promise<{ status: number; data: T; message: string }> {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    const response = await this.request('GET', `/trpc/${path}${query}`);
    const body = response.json<{ result?: { data: T } } & Partial<TrpcError>>();
    return { status: response.statusCode, data: body.result?.data as T, message: body.error?.message ?? '' };
  }

  async mutate<T>(path: string, input: unknown): Promise<{ status: number; data: T; message: string }> {
    const response = await this.request('POST', `/trpc/${path}`, input);
    const body = response.json<{ result?: { data: T } } & Partial<TrpcError>>();
    return { status: response.statusCode, data: body.result?.data as T, message: body.error?.message ?? '' };
  }

  upcoming(): Promise<BreakSession[]> {
    return this.request('GET', '/api/upcoming-breaks').then((response) => response.json<BreakSession[]>());
  }
}

describe.each(['pglite', 'postgres'] as const)('break actions on %s', (backend) => {
  let subject: AppUnderTest;
  beforeAll(async () => {
    subject = await startTestApp(backend, { now: () => NOW });
  });
  afterAll(async () => subject.close());

  async function signedInWithOneBreak(name: string): Promise<{ client: BreakClient; session: BreakSession }> {
    const client = new BreakClient(subject.app);
    await client.registerAndSignIn(name);
    await client.request('PUT', '/api/user/preferences', {
      preferences: { breakFrequency: 3, workStartTime: '08:00', workEndTime: '17:00', timezone: 'UTC' },
    });
    const added = await client.mutate<BreakSession>('breaks.add', { from: at('10:00') });
    expect(added.status, added.message).toBe(200);
    return { client, session: added.data };
  }

  it('adds a break in an empty hour, inside the hour, with an activity of the pool', async () => {
    const { client, session } = await signedInWithOneBreak('adeline');
    expect(session.scheduledTime).toBe(at('10:00'));
    expect(session.duration).toBeGreaterThanOrEqual(1);
    expect(session.duration).toBeLessThanOrEqual(4);
    expect(session.activity.name).toBeTruthy();
    expect((await client.upcoming()).map((b) => b.id)).toEqual([session.id]);

    const second = await client.mutate<BreakSession>('breaks.add', { from: at('10:00') });
    expect(second.status).toBe(200);
    const firstEnd = Date.parse(session.scheduledTime) + session.duration * 60_000;
    expect(Date.parse(second.data.scheduledTime) - firstEnd).toBeGreaterThanOrEqual(30 * 60_000);
    expect(second.data.scheduledTime < at('11:00')).toBe(true);
    const evening = await client.mutate('breaks.add', { from: at('18:00') });
    expect(evening.status).toBe(422);
    expect(evening.message).toBe(SERVER_MESSAGES.slotOutsideWorkHours);
    const past = await client.mutate('breaks.add', { from: '2026-11-20T10:00:00Z' });
    expect(past.status).toBe(422);
    expect(past.message).toBe(SERVER_MESSAGES.slotPast);
    expect((await client.mutate('breaks.add', { from: 'tomorrow' })).status).toBe(400);
  });

  it('refuses more breaks in a day than asked for', async () => {
    const { client } = await signedInWithOneBreak('bettina');
    expect((await client.mutate('breaks.add', { from: at('12:00') })).status).toBe(200);
    expect((await client.mutate('breaks.add', { from: at('14:00') })).status).toBe(200);
    const fourth = await client.mutate('breaks.add', { from: at('16:00') });
    expect(fourth.status).toBe(422);
    expect(fourth.message).toBe(SERVER_MESSAGES.slotDayFull);
  });

  it('applies two adds at once one after the other, so the day never gets more breaks than asked', async () => {
    const { client } = await signedInWithOneBreak('gwendolyn');
    expect((await client.mutate('breaks.add', { from: at('12:00') })).status).toBe(200);
    const answers = await Promise.all([
      client.mutate('breaks.add', { from: at('14:00') }),
      client.mutate('breaks.add', { from: at('16:00') }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    expect(answers.find((answer) => answer.status === 422)?.message).toBe(SERVER_MESSAGES.slotDayFull);
    expect(await client.upcoming()).toHaveLength(3);
  });

  it('proposes free slots and moves the break to the one picked, refusing slots the rules forbid', async () => {
    const { client, session } = await signedInWithOneBreak('cordelia');
    const slots = await client.query<BreakSlot[]>('breaks.slots', { id: session.id });
    expect(slots.status).toBe(200);
    expect(slots.data.length).toBeGreaterThan(0);
    expect(slots.data.map((slot) => slot.scheduledTime)).not.toContain(session.scheduledTime);
    for (const slot of slots.data) {
      expect(slot.scheduledTime >= at('08:00')).toBe(true);
    }

    const target = slots.data[0]!.scheduledTime;
    const moved = await client.mutate<BreakSession>('breaks.reschedule', { id: session.id, scheduledTime: target });
    expect(moved.status, moved.message).toBe(200);
    expect(moved.data.scheduledTime).toBe(target);
    expect((await client.upcoming())[0]?.scheduledTime).toBe(target);

    expect((await client.mutate('breaks.add', { from: at('14:00') })).status).toBe(200);
    const tooClose = await client.mutate('breaks.reschedule', { id: session.id, scheduledTime: at('14:20') });
    expect(tooClose.status).toBe(422);
    expect(tooClose.message).toBe(SERVER_MESSAGES.slotNearBreak);
    const outside = await client.mutate('breaks.reschedule', { id: session.id, scheduledTime: at('20:00') });
    expect(outside.status).toBe(422);
    expect(outside.message).toBe(SERVER_MESSAGES.slotOutsideWorkHours);
  });

  it('offers activities that fit the break and swaps to the one picked', async () => {
    const { client, session } = await signedInWithOneBreak('dorothea');
    const options = await client.query<BreakActivityOption[]>('breaks.activityOptions', { id: session.id });
    expect(options.status).toBe(200);
    expect(options.data.length).toBeGreaterThan(0);
    expect(options.data.every((option) => option.duration <= session.duration && option.id !== session.activityId)).toBe(true);
    // No library and no preferred types yet: nothing is marked as the user's choice.
    expect(options.data.some((option) => option.preferred)).toBe(false);
    const choice = options.data[0]!;
    const swapped = await client.mutate<BreakSession>('breaks.changeActivity', { id: session.id, activityId: choice.id });
    expect(swapped.status, swapped.message).toBe(200);
    expect(swapped.data.activity.name).toBe(choice.name);
    expect(swapped.data.duration).toBe(choice.duration);

    const unknown = await client.mutate('breaks.changeActivity', { id: session.id, activityId: 'no-such-activity' });
    expect(unknown.status).toBe(400);
    expect(unknown.message).toBe(SERVER_MESSAGES.activityNotFound);
  });

  it("answers 404 for another user's break and 409 for a break already taken", async () => {
    const { client, session } = await signedInWithOneBreak('eugenia');
    const intruder = new BreakClient(subject.app);
    await intruder.registerAndSignIn('malcolm');
    for (const attempt of [
      intruder.query('breaks.slots', { id: session.id }),
      intruder.query('breaks.activityOptions', { id: session.id }),
      intruder.mutate('breaks.reschedule', { id: session.id, scheduledTime: at('15:00') }),
      intruder.mutate('breaks.changeActivity', { id: session.id, activityId: session.activityId }),
    ]) {
      const answer = await attempt;
      expect(answer.status).toBe(404);
      expect(answer.message).toBe(SERVER_MESSAGES.breakNotFound);
    }
    await client.request('PATCH', `/api/break-sessions/${session.id}`, { completedAt: NOW.toISOString() });
    const taken = await client.mutate('breaks.reschedule', { id: session.id, scheduledTime: at('15:00') });
    expect(taken.status).toBe(409);
    expect(taken.message).toBe(SERVER_MESSAGES.breakAlreadyTaken);
  });

  it('answers every break the user placed, moved or changed by hand as pinned, and the planned ones as not', async () => {
    const client = new BreakClient(subject.app);
    const user = await client.registerAndSignIn('harriet');
    await client.request('PUT', '/api/user/preferences', {
      preferences: { breakFrequency: 4, workStartTime: '08:00', workEndTime: '17:00', timezone: 'UTC' },
    });
    const added = await client.mutate<BreakSession>('breaks.add', { from: at('10:00') });
    expect(added.status, added.message).toBe(200);
    expect(added.data.pinned).toBe(true);
    expect((await client.request('POST', `/api/refresh-breakers/${user.id}`)).statusCode).toBe(200);

    const upcoming = await client.upcoming();
    const planned = upcoming.filter((b) => b.id !== added.data.id);
    expect(planned.length).toBeGreaterThanOrEqual(2);
    expect(upcoming.find((b) => b.id === added.data.id)?.pinned).toBe(true);
    expect(planned.every((b) => b.pinned === false)).toBe(true);
    expect((await client.query<BreakSession[]>('breaks.upcoming', undefined)).data).toEqual(upcoming);

    const [toMove, toChange] = planned;
    const [slot] = (await client.query<BreakSlot[]>('breaks.slots', { id: toMove!.id })).data;
    const moved = await client.mutate<BreakSession>('breaks.reschedule', { id: toMove!.id, scheduledTime: slot!.scheduledTime });
    expect(moved.data).toMatchObject({ id: toMove!.id, pinned: true });
    const [option] = (await client.query<BreakActivityOption[]>('breaks.activityOptions', { id: toChange!.id })).data;
    const changed = await client.mutate<BreakSession>('breaks.changeActivity', { id: toChange!.id, activityId: option!.id });
    expect(changed.data).toMatchObject({ id: toChange!.id, pinned: true });
    const completed = await client.request('PATCH', `/api/break-sessions/${added.data.id}`, { completedAt: NOW.toISOString() });
    expect(completed.json()).toMatchObject({ id: added.data.id, pinned: true });
    const pinnedNow = (await client.upcoming()).filter((b) => b.pinned).map((b) => b.id);
    expect(pinnedNow.sort()).toEqual([added.data.id, toMove!.id, toChange!.id].sort());
  });

  // A break leaves the server through the two reads of the upcoming breaks and every change that answers the break.
  it("gives a break the same JSON, the contract's and nothing more, from every call that answers one", async () => {
    const { client, session } = await signedInWithOneBreak('imogen');
    const [slot] = (await client.query<BreakSlot[]>('breaks.slots', { id: session.id })).data;
    const moved = await client.mutate<BreakSession>('breaks.reschedule', { id: session.id, scheduledTime: slot!.scheduledTime });
    const [option] = (await client.query<BreakActivityOption[]>('breaks.activityOptions', { id: session.id })).data;
    const changed = await client.mutate<BreakSession>('breaks.changeActivity', { id: session.id, activityId: option!.id });
    const second = await client.mutate<BreakSession>('breaks.add', { from: at('12:00') });
    const third = await client.mutate<BreakSession>('breaks.add', { from: at('14:00') });
    const completed = await client.request('PATCH', `/api/break-sessions/${second.data.id}`, { completedAt: NOW.toISOString() });
    const skipped = await client.mutate<BreakSession>('breaks.update', { id: third.data.id, patch: { skipped: true } });
    for (const answer of [moved, changed, second, third, skipped]) expect(answer.status, answer.message).toBe(200);
    expect(completed.statusCode).toBe(200);

    const rest = await client.request('GET', '/api/upcoming-breaks');
    const trpc = await client.query<unknown[]>('breaks.upcoming', undefined);
    expect(rest.body).toBe(JSON.stringify(trpc.data));
    const listed = rest.json<BreakSession[]>();
    const latest = [changed.data, completed.json<BreakSession>(), skipped.data];
    expect(latest.map((answer) => listed.find((b) => b.id === answer.id))).toEqual(latest);
    expect(listed).toHaveLength(3);
    // Parsing drops what the contract does not declare, so an extra field anywhere would show as a difference.
    for (const answer of [...listed, moved.data, second.data, third.data]) expect(breakSession.parse(answer)).toEqual(answer);
  });

  it('reports the calendar as not connected until one is', async () => {
    const { client } = await signedInWithOneBreak('florence');
    const status = await client.query<{ state: string; lastSyncedAt: string | null }>('calendar.status', undefined);
    expect(status.status).toBe(200);
    expect(status.data).toEqual({ state: 'not-connected', provider: null, lastSyncedAt: null });
  });
});
