import { describe, expect, it } from 'vitest';
import { catalogueActivities } from '../catalogue/activities.js';
import { insertTestUser, type TestBackend } from '../testing.js';
import { useScratchDatabase } from '../scratch-database.test-support.js';
import { insertBreak } from './break-changes.js';
import { listUpcomingBreakFields, updateBreakOutcome } from './breaks.js';
import { findSessionWithUpcomingBreaks, findSessionWithUser } from './sessions.js';

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
