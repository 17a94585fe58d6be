import {
  findSessionWithUser,
  insertSchedulingRun,
  insertSession,
  insertUserWithPreferences,
  markConnectionSynced,
  replacePasswordResetToken,
  sql,
  newPreferences,
} from '@breaker/db';
import { connectTestFeed } from '@breaker/db/testing';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { testDatabase } from './test-database.test-support.js';
import { cadenceJitterMs, runMaintenanceSweep } from './maintenance-sweep.js';

const HOUR = 60 * 60 * 1000;
const preferenceRow = newPreferences({ work_start_time: '09:00', timezone: 'UTC' });

describe('the maintenance sweep', () => {
  const database = testDatabase('pglite');

  it('spreads users over a tenth of their cadence, the same way every time', () => {
    const offsets = ['a', 'b', 'c', 'd', 'e'].map((id) => cadenceJitterMs(`user-${id}`, HOUR));
    expect(new Set(offsets).size).toBeGreaterThan(1);
    for (const offset of offsets) expect(offset).toBeLessThan(HOUR / 10);
    expect(cadenceJitterMs('user-a', HOUR)).toBe(offsets[0]);
  });

  it('hands on calendars due for their cadence and plans older than a day, and nothing else', async () => {
    const now = new Date();
    const fresh = await insertUserWithPreferences(database.db, { username: 'fresh', email: null }, preferenceRow);
    const stale = await insertUserWithPreferences(database.db, { username: 'stale', email: null }, preferenceRow);
    const daily = await insertUserWithPreferences(
      database.db,
      { username: 'daily', email: null },
      { ...preferenceRow, sync_cadence: 'daily' },
    );
    for (const user of [fresh, stale, daily]) {
      const connection = await connectTestFeed(database.db, user.id);
      const ago = user === stale ? 2 * HOUR : 10 * 60 * 1000;
      await markConnectionSynced(database.db, connection.id, new Date(now.getTime() - (user === daily ? 3 * HOUR : ago)));
    }
    const run = { trigger: 'refresh', engineVersion: 'test', seed: 1, input: {}, output: {}, durationMs: 1 };
    const old = await insertSchedulingRun(database.db, { ...run, userId: stale.id });
    // Runs are history the app never updates; the test ages one directly.
    await sql`update scheduling_runs set created_at = ${new Date(now.getTime() - 30 * HOUR)} where id = ${old}`.execute(
      database.db,
    );
    await insertSchedulingRun(database.db, { ...run, userId: fresh.id });

    const syncs: string[] = [];
    const replans: string[] = [];
    const result = await runMaintenanceSweep(
      { db: database.db, log: pino({ level: 'silent' }), now: () => now },
      {
        syncCalendar: async (userId) => void syncs.push(userId),
        placeBreaks: async (userId) => void replans.push(userId),
        remindBreak: async () => {},
        prepareReminders: async () => {},
      },
    );
    expect(syncs).toEqual([stale.id]);
    expect(replans).toEqual([stale.id]);
    expect(result).toMatchObject({ syncs: 1, replans: 1 });
  });

  it('deletes expired sessions and reset links, and keeps the live ones', async () => {
    const now = new Date();
    const at = (ms: number) => new Date(now.getTime() + ms);
    const user = await insertUserWithPreferences(database.db, { username: 'purged', email: null }, preferenceRow);
    const other = await insertUserWithPreferences(database.db, { username: 'kept', email: null }, preferenceRow);
    await insertSession(database.db, { id: 'idle-ended', userId: user.id, expiresAt: at(-1), absoluteExpiresAt: at(HOUR) });
    await insertSession(database.db, { id: 'life-ended', userId: user.id, expiresAt: at(HOUR), absoluteExpiresAt: at(-1) });
    await insertSession(database.db, { id: 'live', userId: user.id, expiresAt: at(HOUR), absoluteExpiresAt: at(2 * HOUR) });
    await replacePasswordResetToken(database.db, user.id, 'expired-link', at(-1));
    await replacePasswordResetToken(database.db, other.id, 'live-link', at(HOUR));

    const result = await runMaintenanceSweep(
      { db: database.db, log: pino({ level: 'silent' }), now: () => now },
      {
        syncCalendar: async () => {},
        placeBreaks: async () => {},
        remindBreak: async () => {},
        prepareReminders: async () => {},
      },
    );
    expect(result.purged).toEqual({ sessions: 2, resetLinks: 1 });
    for (const id of ['idle-ended', 'life-ended']) expect(await findSessionWithUser(database.db, id)).toBeUndefined();
    expect(await findSessionWithUser(database.db, 'live')).toBeDefined();
    const links = await database.db.selectFrom('password_reset_tokens').select('token_hash').execute();
    expect(links).toEqual([{ token_hash: 'live-link' }]);
  });
});
