import type { AnalyticsSummary, MeetingStatus } from '@breaker/api-contract';
import {
  insertSchedulingRun,
  listActivities,
  replaceCalendarConnection,
  replaceConnectionEvents,
  replaceScheduledBreaks,
  updateBreakOutcome,
} from '@breaker/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TestClient, type AppUnderTest } from '../app.test-support.js';

/** Wednesday 18 November 2026, 12:00 in Berlin (11:00 UTC). */
const NOW = new Date('2026-11-18T11:00:00Z');

async function summaryOf(client: TestClient): Promise<{ status: number; data: AnalyticsSummary; message: string }> {
  const response = await client.request('GET', '/trpc/analytics.summary');
  const body = response.json<{ result?: { data: AnalyticsSummary }; error?: { message: string } }>();
  return { status: response.statusCode, data: body.result?.data as AnalyticsSummary, message: body.error?.message ?? '' };
}

describe.each(['pglite', 'postgres'] as const)('analytics on %s', (backend) => {
  let subject: AppUnderTest;
  beforeAll(async () => {
    subject = await startTestApp(backend, { now: () => NOW });
  });
  afterAll(async () => subject.close());

  async function signedIn(name: string, timezone: string): Promise<{ client: TestClient; userId: string }> {
    const client = new TestClient(subject.app);
    const user = await client.registerAndSignIn(name);
    const saved = await client.request('PUT', '/api/user/preferences', {
      preferences: { breakFrequency: 4, workStartTime: '08:00', workEndTime: '17:00', timezone },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { client, userId: user.id };
  }

  /** Breaks at the given instants, stored as the planner stores them, then taken or skipped as listed. */
  async function seedBreaks(
    userId: string,
    breaks: readonly { at: string; outcome: 'completed' | 'skipped' | 'untouched'; activity?: number }[],
  ): Promise<void> {
    const activities = await listActivities(subject.db);
    const runId = await insertSchedulingRun(subject.db, {
      userId,
      trigger: 'refresh',
      engineVersion: 'test',
      seed: 1,
      input: {},
      output: {},
      durationMs: 1,
    });
    const stored = await replaceScheduledBreaks(
      subject.db,
      userId,
      new Date('2026-01-01T00:00:00Z'),
      new Date('2026-01-01T00:00:00Z'),
      breaks.map((b) => {
        const activity = activities[b.activity ?? 0];
        if (!activity) throw new Error('the catalogue is empty');
        return { activityId: activity.id, scheduledTime: new Date(b.at), duration: 3, placementReason: 'test' };
      }),
      runId,
    );
    for (const [index, row] of stored.entries()) {
      const outcome = breaks[index]?.outcome;
      if (outcome === 'completed')
        await updateBreakOutcome(subject.db, userId, row.id, { completedAt: new Date(row.scheduled_time) });
      if (outcome === 'skipped') await updateBreakOutcome(subject.db, userId, row.id, { skipped: true });
    }
  }

  it('answers 401 with a message when nobody is signed in', async () => {
    const result = await summaryOf(new TestClient(subject.app));
    expect(result.status).toBe(401);
    expect(result.message).toBeTruthy();
  });

  it('shows a new user an empty window of eight weeks in their time zone', async () => {
    const { client } = await signedIn('analytics-new', 'Europe/Berlin');
    const { status, data } = await summaryOf(client);
    expect(status).toBe(200);
    expect(data.timeZone).toBe('Europe/Berlin');
    expect(data.from).toBe('2026-09-28');
    expect(data.to).toBe('2026-11-18');
    expect(data.weeks).toHaveLength(8);
    expect(data.totals).toEqual({ planned: 0, completed: 0, skipped: 0, missed: 0, rate: null });
    expect(data.history).toEqual([]);
  });

  it('counts taken, skipped and missed breaks per local day, with types, streak, meeting load and history', async () => {
    const { client, userId } = await signedIn('analytics-busy', 'Europe/Berlin');
    await seedBreaks(userId, [
      // 23:30 UTC on Sunday the 15th is already Monday the 16th in Berlin.
      { at: '2026-11-15T23:30:00Z', outcome: 'completed' },
      { at: '2026-11-16T13:00:00Z', outcome: 'skipped', activity: 1 },
      { at: '2026-11-17T09:00:00Z', outcome: 'completed', activity: 1 },
      { at: '2026-11-17T14:00:00Z', outcome: 'untouched' },
      // Still to come on the 18th: not counted yet.
      { at: '2026-11-18T15:00:00Z', outcome: 'untouched' },
      // Before the window: not counted.
      { at: '2026-09-01T09:00:00Z', outcome: 'completed' },
    ]);
    const connection = await replaceCalendarConnection(subject.db, userId, {
      provider: 'ics',
      account_email: null,
      refresh_token_encrypted: null,
      feed_url_encrypted: null,
      scopes: null,
    });
    const event = (externalId: string, start: string, end: string, blocksTime = true, showAs: MeetingStatus = 'busy') => ({
      calendarId: 'feed',
      externalId,
      title: 'Planning',
      start: new Date(start),
      end: new Date(end),
      isAllDay: false,
      blocksTime,
      showAs,
    });
    await replaceConnectionEvents(subject.db, connection, [
      // Tuesday the 17th: 7 busy hours in Berlin.
      event('long', '2026-11-17T07:00:00Z', '2026-11-17T14:00:00Z'),
      // A free-time event does not add to the load.
      event('free', '2026-11-16T09:00:00Z', '2026-11-16T12:00:00Z', false),
      // Nor does working elsewhere, which the user's setting leaves open by default.
      event('elsewhere', '2026-11-16T12:00:00Z', '2026-11-16T15:00:00Z', true, 'workingElsewhere'),
    ]);

    const { status, data } = await summaryOf(client);
    expect(status).toBe(200);
    const byDay = new Map(data.days.map((day) => [day.day, day]));
    expect(byDay.get('2026-11-16')).toMatchObject({ planned: 2, completed: 1, skipped: 1, missed: 0, rate: 0.5, busyMinutes: 0 });
    expect(byDay.get('2026-11-17')).toMatchObject({ planned: 2, completed: 1, missed: 1, busyMinutes: 7 * 60 });
    expect(data.totals).toEqual({ planned: 4, completed: 2, skipped: 1, missed: 1, rate: 0.5 });
    expect(data.weeks.at(-1)).toEqual({ weekStart: '2026-11-16', planned: 4, completed: 2, rate: 0.5 });
    expect(data.streak).toEqual({ current: 2, longest: 2 });
    expect(data.typeMix.reduce((sum, share) => sum + share.planned, 0)).toBe(4);
    expect(data.meetingLoad.find((band) => band.label === '6 h or more')).toMatchObject({ days: 1, planned: 2, completed: 1 });
    expect(data.meetingLoad.find((band) => band.label === 'Under 2 h')).toMatchObject({ days: 1, planned: 2, completed: 1 });
    expect(data.history.map((entry) => [entry.scheduledTime, entry.outcome])).toEqual([
      ['2026-11-17T14:00:00.000Z', 'missed'],
      ['2026-11-17T09:00:00.000Z', 'completed'],
      ['2026-11-16T13:00:00.000Z', 'skipped'],
      ['2026-11-15T23:30:00.000Z', 'completed'],
    ]);

    // Work 08:00–17:00 in Berlin: on the 16th the only break taken was after midnight, outside the work day; on the
    // 17th the one marked done at 10:00 (taken 09:57–10:00) splits the nine hours, meetings being sitting too; the
    // missed one splits nothing. Today had none planned that have passed.
    expect(data.sittingStretches).toEqual([
      { day: '2026-11-16', beforeMinutes: 540, afterMinutes: 540 },
      { day: '2026-11-17', beforeMinutes: 540, afterMinutes: 420 },
    ]);

    // Another user sees none of it.
    const other = await signedIn('analytics-other', 'UTC');
    expect((await summaryOf(other.client)).data.totals.planned).toBe(0);
  });
});
