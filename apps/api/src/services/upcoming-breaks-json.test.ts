import { breakActivity, breakSession } from '@breaker/api-contract';
import { parseConfig } from '@breaker/api-contract/config';
import {
  generateSecret,
  hashSecret,
  insertBreak,
  listActivities,
  moveScheduledBreak,
  updateBreakOutcome,
  upsertActivities,
} from '@breaker/db';
import { insertTestUser, type TestBackend } from '@breaker/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, startTestApp, type AppUnderTest } from '../app.test-support.js';
import { sessionCookieName } from '../auth/cookies.js';

// 23:30 UTC on the 22nd: already the 23rd in Berlin and Kiritimati, still the 22nd in Santiago.
const NOW = new Date('2026-11-22T23:30:00.000Z');
const COOKIE = sessionCookieName(parseConfig({ APP_URL: ORIGIN }));
/** Text the answer has to escape: quotes, a backslash, a line break, a line separator, and characters beyond ASCII. */
const HAND_REASON = 'Moved after "Stand-up" \\ planning\nby hand \u2028 ☕ — Grüße';

describe.each<TestBackend>(['postgres', 'pglite'])('the upcoming breaks answer as JSON text on %s', (backend) => {
  let subject: AppUnderTest;
  beforeAll(async () => {
    subject = await startTestApp(backend, { now: () => NOW });
  }, 60_000);
  afterAll(async () => subject?.close());

  /**
   * A signed-in user in `timezone` (UTC without one) with a missed, a completed, a skipped, a pinned and a scheduled
   * break, and one from before any zone's today.
   */
  async function userWithEveryKindOfBreak(username: string, timezone: string | null): Promise<{ token: string; userId: string }> {
    const token = generateSecret();
    const times = [
      '2026-11-21T12:00:00.000Z',
      '2026-11-22T10:00:00.000Z',
      '2026-11-22T23:00:00.000Z',
      '2026-11-23T08:00:00.000Z',
      '2026-11-23T09:15:00.000Z',
      '2026-11-23T11:00:00.000Z',
    ];
    const activities = await listActivities(subject.db);
    const { user, breaks } = await insertTestUser(subject.db, {
      username,
      preferences: { timezone },
      breaks: times.map((time, i) => ({
        activityId: activities[i]!.id,
        scheduledTime: new Date(time),
        duration: activities[i]!.duration,
        placementReason: `Between meetings (${i})`,
      })),
      session: { id: hashSecret(token), expiresAt: new Date('2026-12-01Z'), absoluteExpiresAt: new Date('2026-12-10Z') },
    });
    const [, , completed, skipped, pinned] = breaks;
    await updateBreakOutcome(subject.db, user.id, completed!.id, { completedAt: new Date('2026-11-22T23:04:31.123Z') });
    await updateBreakOutcome(subject.db, user.id, skipped!.id, { skipped: true });
    await moveScheduledBreak(subject.db, user.id, pinned!.id, new Date('2026-11-23T09:30:00.000Z'), HAND_REASON);
    return { token, userId: user.id };
  }

  async function answers(token: string) {
    const headers = { cookie: `${COOKIE}=${token}` };
    const rest = await subject.app.inject({ method: 'GET', url: '/api/upcoming-breaks', headers });
    const trpc = await subject.app.inject({ method: 'GET', url: '/trpc/breaks.upcoming', headers });
    expect(rest.statusCode).toBe(200);
    expect(trpc.statusCode).toBe(200);
    return { rest, trpcBreaks: trpc.json<{ result: { data: unknown[] } }>().result.data };
  }

  // Berlin's today starts at 23:00 UTC, after the missed break; Santiago's, Kiritimati's and UTC's before it.
  it.each([
    ['Europe/Berlin', 4],
    ['America/Santiago', 5],
    ['Pacific/Kiritimati', 5],
    [null, 5],
  ])('is byte for byte the contract answer the tRPC read gives, for a user in %s', async (timezone, shown) => {
    const { token } = await userWithEveryKindOfBreak(`json-${String(timezone).replace('/', '-')}-${backend}`, timezone);
    const { rest, trpcBreaks } = await answers(token);

    expect(rest.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(rest.body).toBe(JSON.stringify(trpcBreaks));
    const breaks = breakSession.array().parse(JSON.parse(rest.body));
    expect(breaks).toHaveLength(shown);
    expect(breaks.slice(-4).map((b) => ({ completed: b.completedAt !== null, skipped: b.skipped, pinned: b.pinned }))).toEqual([
      { completed: true, skipped: false, pinned: false },
      { completed: false, skipped: true, pinned: false },
      { completed: false, skipped: false, pinned: true },
      { completed: false, skipped: false, pinned: false },
    ]);
    expect(breaks.find((b) => b.pinned)?.placementReason).toBe(HAND_REASON);
  });

  // Spec §3: an activity's `instructions` is text; the steps travel beside it, in every answer that shows an activity.
  it('gives each activity its instructions as text, the steps in order one a line, and the steps beside it', async () => {
    const { token } = await userWithEveryKindOfBreak(`json-instructions-${backend}`, null);
    const headers = { cookie: `${COOKIE}=${token}` };
    const stored = new Map((await listActivities(subject.db)).map((a) => [a.id, a.instructions]));
    const { rest, trpcBreaks } = await answers(token);
    const catalogueRest = await subject.app.inject({ method: 'GET', url: '/api/break-activities', headers });
    const catalogueTrpc = await subject.app.inject({ method: 'GET', url: '/trpc/activities.list', headers });
    const upcoming = JSON.parse(rest.body) as { id: string; skipped: boolean; completedAt: string | null }[];
    const open = upcoming.find((b) => !b.skipped && b.completedAt === null)!;
    const completed = await subject.app.inject({
      method: 'PATCH',
      url: `/api/break-sessions/${open.id}`,
      headers: { ...headers, origin: ORIGIN },
      payload: { completedAt: NOW.toISOString() },
    });
    expect(completed.statusCode).toBe(200);

    const shown = [
      ...breakSession
        .array()
        .parse(trpcBreaks)
        .map((b) => b.activity),
      breakSession.parse(completed.json()).activity,
      ...breakActivity.array().parse(catalogueRest.json()),
      ...breakActivity.array().parse(catalogueTrpc.json<{ result: { data: unknown } }>().result.data),
    ];
    expect(shown.length).toBeGreaterThan(upcoming.length * 2);
    for (const activity of shown) {
      expect(typeof activity.instructions).toBe('string');
      expect(activity.steps).toEqual(stored.get(activity.id));
      expect(activity.instructions).toBe(activity.steps.join('\n'));
    }
  });

  it('answers an empty list for a user without breaks', async () => {
    const token = generateSecret();
    await insertTestUser(subject.db, {
      username: `json-none-${backend}`,
      session: { id: hashSecret(token), expiresAt: new Date('2026-12-01Z'), absoluteExpiresAt: new Date('2026-12-10Z') },
    });
    const { rest, trpcBreaks } = await answers(token);
    expect(trpcBreaks).toEqual([]);
    expect(rest.body).toBe('[]');
  });

  // A newer process seeds at its start: an activity this process does not know yet makes it read the catalogue again.
  it('shows an activity changed by a newer catalogue once a break needs that catalogue', async () => {
    const { token, userId } = await userWithEveryKindOfBreak(`json-reseeded-${backend}`, 'Europe/Berlin');
    const before = JSON.parse((await answers(token)).rest.body) as { activity: { id: string; name: string } }[];
    const first = (await listActivities(subject.db)).find((activity) => activity.id === before[0]?.activity.id);
    expect(before[0]?.activity.name).toBe(first!.name);

    const renamed = { ...first!, name: `${first!.name} (new) "quoted"` };
    const added = { ...first!, id: `${first!.id}-newer`, name: 'Newer activity', sort_order: 999 };
    await upsertActivities(subject.db, [renamed, added]);
    await insertBreak(subject.db, userId, {
      activityId: added.id,
      scheduledTime: new Date('2026-11-23T12:00:00.000Z'),
      duration: added.duration,
      placementReason: 'Added by hand',
    });

    const { rest, trpcBreaks } = await answers(token);
    expect(rest.body).toBe(JSON.stringify(trpcBreaks));
    const after = JSON.parse(rest.body) as { activity: { id: string; name: string } }[];
    expect(after.map((b) => b.activity.name)).toContain('Newer activity');
    expect(after.find((b) => b.activity.id === first!.id)?.activity.name).toBe(renamed.name);
  });
});
