import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingStatements, rowsRead, insertUsersWithABreak, openTestDatabase } from '../testing.js';
import { listBreaksToRemind } from './push.js';
import { SWEEP_PAGE } from './sweep-pages.js';

const MINUTE = 60_000;
/** Two starts, so that pages end between breaks of the same start, and one page holds breaks of both. */
const EARLIER = Math.round(2.4 * SWEEP_PAGE);
const LATER = Math.round(1.6 * SWEEP_PAGE);

describe('the breaks the sweep may remind, read in pages', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const now = Date.now();
  const deviceOf = (prefix: string) => (n: number) => ({
    endpoint: `https://push.example/${prefix}${n}`,
    p256dh: 'key',
    auth_encrypted: 'sealed',
    expiration_time: null,
    label: 'Test',
  });

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const preferences = { notifications_enabled: true };
    await insertUsersWithABreak(database.db, {
      prefix: 'later',
      count: LATER,
      at: new Date(now + 3 * MINUTE),
      preferences,
      device: deviceOf('later'),
    });
    await insertUsersWithABreak(database.db, {
      prefix: 'earlier',
      count: EARLIER,
      at: new Date(now + MINUTE),
      preferences,
      device: deviceOf('earlier'),
    });
  }, 60_000);
  afterAll(() => database?.dispose());

  it('finds every break once, by start time and id, a page a statement', async () => {
    const { rows, plugin } = countingStatements();
    const found = await listBreaksToRemind(database.db.withPlugin(plugin), new Date(now), new Date(now + 10 * MINUTE));

    expect(found).toHaveLength(EARLIER + LATER);
    expect(new Set(found.map((b) => b.breakId)).size).toBe(EARLIER + LATER);
    const order = found.map((b) => `${b.scheduledTime.toISOString()} ${b.breakId}`);
    expect(order).toEqual([...order].sort());
    expect(rows).toEqual([SWEEP_PAGE, SWEEP_PAGE, SWEEP_PAGE, SWEEP_PAGE, 0]);
  });

  it('seeks each page from where the last ended, not reading again the breaks that start at the same time', async () => {
    const before = await rowsRead(database.db, 'break_sessions');
    await listBreaksToRemind(database.db, new Date(now), new Date(now + 10 * MINUTE));
    const pages = Math.ceil((EARLIER + LATER + 1) / SWEEP_PAGE);
    // Each page reads its own entries and at most one beyond (the one that ends it).
    expect((await rowsRead(database.db, 'break_sessions')) - before).toBeLessThanOrEqual(EARLIER + LATER + pages);
  });
});
