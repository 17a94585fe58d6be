import { describe, expect, it } from 'vitest';
import { catalogueActivities } from '../catalogue/activities.js';
import { insertTestUser, type TestBackend } from '../testing.js';
import { useScratchDatabase } from '../scratch-database.test-support.js';
import { catalogueById, listActivities } from './activities.js';
import { listUpcomingBreakFields } from './breaks.js';

describe.each<TestBackend>(['pglite', 'postgres'])('upcoming breaks on %s', (kind) => {
  const database = useScratchDatabase(kind);

  async function userWithBreaks(timezone: string, times: readonly string[]): Promise<string> {
    const { user } = await insertTestUser(database().db, {
      username: `zone-${timezone.replace('/', '-')}-${kind}`,
      preferences: { timezone },
      breaks: times.map((time, i) => ({
        activityId: catalogueActivities[i]!.slug,
        scheduledTime: new Date(time),
        duration: 1,
        placementReason: 'r',
      })),
    });
    return user.id;
  }

  it("starts at midnight of the user's own day, not UTC's", async () => {
    // 23:30 UTC on the 22nd is 00:30 on the 23rd in Berlin and 20:30 on the 22nd in Santiago.
    const now = new Date('2026-11-22T23:30:00Z');
    const times = ['2026-11-22T22:59:00Z', '2026-11-22T23:00:00Z', '2026-11-23T08:00:00Z'];
    const berlin = await userWithBreaks('Europe/Berlin', times);
    const santiago = await userWithBreaks('America/Santiago', ['2026-11-22T02:59:00Z', '2026-11-22T03:00:00Z', ...times]);

    const berlinBreaks = await listUpcomingBreakFields(database().db, berlin, now);
    expect(berlinBreaks.map((b) => b.scheduledTime)).toEqual(['2026-11-22T23:00:00.000Z', '2026-11-23T08:00:00.000Z']);
    const santiagoBreaks = await listUpcomingBreakFields(database().db, santiago, now);
    expect(santiagoBreaks.map((b) => b.scheduledTime)).toEqual([
      '2026-11-22T03:00:00.000Z',
      '2026-11-22T22:59:00.000Z',
      '2026-11-22T23:00:00.000Z',
      '2026-11-23T08:00:00.000Z',
    ]);
    expect(santiagoBreaks[0]).toMatchObject({
      duration: 1,
      skipped: false,
      completedAt: null,
      placementReason: 'r',
      pinned: false,
    });
  });

  it('reads the activity catalogue once, and again only for an id it does not know', async () => {
    const first = await catalogueById(database().db);
    expect([...first.values()]).toEqual(await listActivities(database().db));
    expect(await catalogueById(database().db, [catalogueActivities[0]!.slug])).toBe(first);
    expect(await catalogueById(database().db, ['not-in-the-catalogue'])).not.toBe(first);
  });
});
