import { describe, expect, it, vi } from 'vitest';
import { catalogueActivities } from '../catalogue/activities.js';
import { insertTestUser, type TestBackend } from '../testing.js';
import { useScratchDatabase } from '../scratch-database.test-support.js';
import { insertBreak } from './break-changes.js';
import { listUpcomingBreakFields, updateBreakOutcome } from './breaks.js';
import { deleteSession, findSessionWithPlanDay, findSessionWithUpcomingBreaks, findSessionWithUser } from './sessions.js';

describe.each<TestBackend>(['pglite', 'postgres'])('a session read with the upcoming breaks on %s', (kind) => {
  const database = useScratchDatabase(kind);

  async function signedInUserWithBreaks(name: string, timezone: string | null, times: readonly string[]) {
    const sessionId = `session-${name}-${kind}`;
    const { user, breaks } = await insertTestUser(database().db, {
      username: `${name}-${kind}`,
      preferences: { timezone },
      breaks: times.map((time, i) => ({
        activityId: catalogueActivities[i]!.slug,
        scheduledTime: new Date(time),
        duration: 1 + i,
        placementReason: i === 0 ? 'gap after a meeting' : 'r',
      })),
      session: {
        id: sessionId,
        expiresAt: new Date('2026-12-01T00:00:00Z'),
        absoluteExpiresAt: new Date('2026-12-15T00:00:00Z'),
      },
    });
    return { user, sessionId, stored: breaks };
  }

  it('answers the same session, user and breaks as the two separate reads, times as toISOString writes them', async () => {
    const now = new Date('2026-11-22T23:30:00Z');
    const { user, sessionId, stored } = await signedInUserWithBreaks('berlin', 'Europe/Berlin', [
      '2026-11-22T22:59:00Z',
      '2026-11-23T08:00:00Z',
      '2026-11-22T23:00:00Z',
    ]);
    await updateBreakOutcome(database().db, user.id, stored[1]!.id, { completedAt: new Date('2026-11-23T08:05:07.123Z') });
    await insertBreak(database().db, user.id, {
      activityId: catalogueActivities[3]!.slug,
      scheduledTime: new Date('2026-11-23T10:00:00Z'),
      duration: 2,
      placementReason: 'Added here by you.',
    });

    const together = await findSessionWithUpcomingBreaks(database().db, sessionId, now);
    const apart = await findSessionWithUser(database().db, sessionId);
    expect(together).toMatchObject(apart!);
    expect(together!.upcomingBreaks).toEqual(await listUpcomingBreakFields(database().db, user.id, now));
    expect(together!.upcomingBreaks.map((b) => [b.scheduledTime, b.pinned])).toEqual([
      ['2026-11-22T23:00:00.000Z', false],
      ['2026-11-23T08:00:00.000Z', false],
      ['2026-11-23T10:00:00.000Z', true],
    ]);
    expect(together!.upcomingBreaks[1]!.completedAt).toBe('2026-11-23T08:05:07.123Z');
  });

  it('starts at UTC midnight without a saved zone, answers no breaks as an empty list, and nothing for an unknown session', async () => {
    const now = new Date('2026-11-22T23:30:00Z');
    const { sessionId } = await signedInUserWithBreaks('utc', null, ['2026-11-21T23:59:00Z', '2026-11-22T00:00:00Z']);
    const found = await findSessionWithUpcomingBreaks(database().db, sessionId, now);
    expect(found!.upcomingBreaks.map((b) => b.scheduledTime)).toEqual(['2026-11-22T00:00:00.000Z']);

    const { sessionId: idle } = await signedInUserWithBreaks('idle', 'Europe/Berlin', []);
    expect((await findSessionWithUpcomingBreaks(database().db, idle, now))!.upcomingBreaks).toEqual([]);
    expect(await findSessionWithUpcomingBreaks(database().db, 'no-such-session', now)).toBeUndefined();
  });
});

describe.each<TestBackend>(['pglite', 'postgres'])('session reads of conditional requests on %s', (kind) => {
  const database = useScratchDatabase(kind);
  const now = new Date('2026-11-23T12:00:00Z');

  async function signedIn(name: string, timezone: string): Promise<string> {
    const sessionId = `grouped-${name}-${kind}`;
    await insertTestUser(database().db, {
      username: `${name}-${kind}`,
      preferences: { timezone },
      session: {
        id: sessionId,
        expiresAt: new Date('2026-12-01T00:00:00Z'),
        absoluteExpiresAt: new Date('2026-12-15T00:00:00Z'),
      },
    });
    return sessionId;
  }

  it('asked at the same time, go in one statement, each read answered with its own session, day and breaks', async () => {
    const tokyo = await signedIn('tokyo', 'Asia/Tokyo');
    const lima = await signedIn('lima', 'America/Lima');
    const statements = vi.spyOn(database().db, 'executeQuery');
    try {
      const asked = [tokyo, lima, 'no-such-session', tokyo];
      const found = await Promise.all(asked.map((id) => findSessionWithPlanDay(database().db, id, now)));
      expect(statements).toHaveBeenCalledTimes(1);
      expect(found.map((read) => read?.session.id)).toEqual([tokyo, lima, undefined, tokyo]);
      expect(found.map((read) => read?.planDay.todayStart)).toEqual([
        '2026-11-22T15:00:00.000Z',
        '2026-11-23T05:00:00.000Z',
        undefined,
        '2026-11-22T15:00:00.000Z',
      ]);
      expect(found[0]).toMatchObject((await findSessionWithUser(database().db, tokyo))!);

      const withBreaks = await Promise.all(asked.map((id) => findSessionWithUpcomingBreaks(database().db, id, now)));
      expect(statements).toHaveBeenCalledTimes(2);
      expect(withBreaks.map((read) => read?.session.id)).toEqual([tokyo, lima, undefined, tokyo]);
      expect(withBreaks.map((read) => read?.upcomingBreaks)).toEqual([[], [], undefined, []]);
    } finally {
      statements.mockRestore();
    }
  });

  it('read while another is on its way, go together in the next statement, which sees what was committed meanwhile', async () => {
    const first = await signedIn('first', 'Europe/Berlin');
    const signedOut = await signedIn('signed-out', 'Europe/Berlin');
    const statements = vi.spyOn(database().db, 'executeQuery');
    try {
      const onItsWay = findSessionWithPlanDay(database().db, first, now);
      await new Promise((resolve) => setImmediate(resolve));
      await deleteSession(database().db, signedOut);
      const next = await Promise.all([first, signedOut].map((id) => findSessionWithPlanDay(database().db, id, now)));
      expect((await onItsWay)!.session.id).toBe(first);
      expect(next.map((read) => read?.session.id)).toEqual([first, undefined]);
      const sessionReads = statements.mock.calls.filter(([query]) => 'sql' in query && query.sql.includes('any('));
      expect(sessionReads).toHaveLength(2);
    } finally {
      statements.mockRestore();
    }
  });
});
