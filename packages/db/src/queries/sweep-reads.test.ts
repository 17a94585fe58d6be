import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectTestFeed,
  countingStatements,
  rowsRead,
  insertUsersWithABreak,
  openTestDatabase,
  testPlanningRun,
} from '../testing.js';
import { listActiveConnections, markConnectionSynced } from './calendar.js';
import { listUsersPlannedBefore } from './runs.js';
import { SWEEP_PAGE } from './sweep-pages.js';

const HOUR = 60 * 60 * 1000;
/** Enough users for two full pages and a part one. */
const USERS = Math.round(2.4 * SWEEP_PAGE);
/** Every planned user has this many runs: what the sweep reads of them must not grow with it. */
const RUNS_EACH = 4;
const CONNECTIONS = SWEEP_PAGE + 10;

/** Every third user was last planned two days ago; every tenth (from the second) never was. */
const lastPlannedHoursAgo = (n: number): number | undefined => (n % 10 === 1 ? undefined : n % 3 === 0 ? 48 : 1);

describe('the maintenance sweep reads users and connections in pages', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let userIds: string[];
  const now = Date.now();

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ userIds } = await insertUsersWithABreak(database.db, { prefix: 'swept', count: USERS, at: new Date(now + HOUR) }));
    const runs = userIds.flatMap((userId, n) => {
      const hoursAgo = lastPlannedHoursAgo(n);
      if (hoursAgo === undefined) return [];
      return Array.from({ length: RUNS_EACH }, (_, r) => {
        const { userId: user_id, engineVersion, durationMs, ...run } = testPlanningRun(userId);
        const created_at = new Date(now - (hoursAgo + 24 * r) * HOUR);
        return { ...run, user_id, engine_version: engineVersion, duration_ms: durationMs, created_at };
      });
    });
    await database.db.insertInto('scheduling_runs').values(runs).execute();
    for (const [n, userId] of userIds.slice(0, CONNECTIONS + 1).entries()) {
      const connection = await connectTestFeed(database.db, userId);
      if (n === CONNECTIONS)
        await database.db
          .updateTable('calendar_connections')
          .set({ status: 'needs_reconnection' })
          .where('id', '=', connection.id)
          .execute();
      else await markConnectionSynced(database.db, connection.id, new Date(now - n * 60_000));
    }
  }, 60_000);
  afterAll(() => database?.dispose());

  it('finds the users whose latest plan is older than the cut, a page of users a statement', async () => {
    const { rows, plugin } = countingStatements();
    const stale = await listUsersPlannedBefore(database.db.withPlugin(plugin), new Date(now - 24 * HOUR));

    const expected = userIds.filter((_, n) => lastPlannedHoursAgo(n) === 48);
    expect(new Set(stale)).toEqual(new Set(expected));
    expect(stale).toHaveLength(expected.length);
    expect(rows).toEqual([SWEEP_PAGE, SWEEP_PAGE, USERS - 2 * SWEEP_PAGE]);
  });

  it("looks at each user's latest run alone, however many runs they have", async () => {
    const before = await rowsRead(database.db, 'scheduling_runs');
    await listUsersPlannedBefore(database.db, new Date(now - 24 * HOUR));
    expect((await rowsRead(database.db, 'scheduling_runs')) - before).toBeLessThanOrEqual(USERS);
  });

  it('finds every active connection once, with its cadence and last sync, a page a statement', async () => {
    const { rows, plugin } = countingStatements();
    const found = await listActiveConnections(database.db.withPlugin(plugin));

    expect(found).toHaveLength(CONNECTIONS);
    expect(new Set(found.map((c) => c.userId))).toEqual(new Set(userIds.slice(0, CONNECTIONS)));
    expect(found.find((c) => c.userId === userIds[7])).toMatchObject({
      syncCadence: 'hourly',
      lastSyncedAt: new Date(now - 7 * 60_000),
    });
    expect(rows).toEqual([SWEEP_PAGE, CONNECTIONS - SWEEP_PAGE]);
  });
});
