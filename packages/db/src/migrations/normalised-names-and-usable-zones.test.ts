import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fixedOffsetZones } from '@breaker/api-contract';
import { newPreferences } from '../default-preferences.js';
import { migrateToLatest } from '../migrate.js';
import { listActivities, listUpcomingBreakFields } from '../index.js';
import { useScratchDatabase } from '../scratch-database.test-support.js';
import { insertTestUser, type TestBackend } from '../testing.js';
import { openMigratedUpTo } from './migrated-up-to.test-support.js';

const COMPOSED = 'Jos\u00e9';
const DECOMPOSED = 'Jose\u0301';
const NOW = new Date('2026-11-25T20:00:00Z');
const BREAK_AT = new Date('2026-11-25T17:00:00Z');

describe.each<TestBackend>(['pglite', 'postgres'])('names and time zones on %s', (kind) => {
  const database = useScratchDatabase(kind);

  it('refuses a second account whose username differs only in Unicode normalisation', async () => {
    const { db } = database();
    await db.insertInto('users').values({ username: COMPOSED }).execute();
    await expect(db.insertInto('users').values({ username: 'JOS\u00c9' }).execute()).rejects.toThrow(/unique|duplicate/i);
    await expect(db.insertInto('users').values({ username: DECOMPOSED }).execute()).rejects.toThrow(/users_username_nfc/);
  });

  it('refuses an e-mail address stored decomposed', async () => {
    const { db } = database();
    await expect(
      db.insertInto('users').values({ username: 'mail-nfc', email: 'jose\u0301@example.com' }).execute(),
    ).rejects.toThrow(/users_email_nfc/);
  });

  it('knows every time zone the runtime lists', async () => {
    const { db } = database();
    const zones = [...Intl.supportedValuesOf('timeZone'), 'UTC', ...fixedOffsetZones()];
    const { rows } = await sql<{ zone: string }>`
      select zone from unnest(${zones}::text[]) as zone where usable_time_zone(zone) <> zone`.execute(db);
    expect(rows).toEqual([]);
  });

  it('reads the upcoming breaks of a user whose stored zone the database rejects, counting the day in UTC', async () => {
    const { db } = database();
    const [activity] = await listActivities(db);
    const { user, breaks } = await insertTestUser(db, {
      username: 'legacy-zone',
      breaks: [{ scheduledTime: BREAK_AT, duration: 5, activityId: activity!.id, placementReason: 'test' }],
    });
    await sql`update preferences set timezone = 'US/Pacific-New' where user_id = ${user.id}`.execute(db);

    const listed = await listUpcomingBreakFields(db, user.id, NOW);
    expect(listed.map((row) => row.id)).toEqual(breaks.map((row) => row.id));
  });
});

describe.each<TestBackend>(['pglite', 'postgres'])('migration 0004 on %s', (kind) => {
  it('normalises stored names, keeps both accounts of a name registered twice, and repairs rejected zones', async () => {
    const database = await openMigratedUpTo(kind, '2026-11-22T0003-pinned-breaks');
    try {
      const { db } = database;
      const insert = (username: string, createdAt: string) =>
        db
          .insertInto('users')
          .values({ username, created_at: new Date(createdAt) })
          .returning('id')
          .executeTakeFirstOrThrow();
      const first = await insert(DECOMPOSED, '2026-01-01T00:00:00Z');
      const second = await insert(COMPOSED, '2026-02-01T00:00:00Z');
      const alone = await insert('Zo\u0308e', '2026-03-01T00:00:00Z');
      const zones = { [first.id]: 'US/Pacific-New', [second.id]: 'Mars/Olympus', [alone.id]: 'Europe/Paris' };
      for (const [userId, timezone] of Object.entries(zones)) {
        // The columns later migrations add (0007's reminder settings, 0013's skip budget, 0017's blocking statuses) do
        // not exist yet at 0003.
        const {
          reminder_lead_minutes: _lead,
          calendar_alerts_enabled: _alerts,
          skip_budget: _skips,
          blocking_statuses: _blocking,
          ...before
        } = newPreferences({ timezone });
        await db
          .insertInto('preferences')
          .values({ ...before, user_id: userId })
          .execute();
      }

      await migrateToLatest(db);

      const users = await db.selectFrom('users').select(['id', 'username']).orderBy('created_at').execute();
      expect(users).toEqual([
        { id: first.id, username: `${COMPOSED}-${first.id.slice(0, 8)}` },
        { id: second.id, username: COMPOSED },
        { id: alone.id, username: 'Z\u00f6e' },
      ]);
      const preferences = await db.selectFrom('preferences').select(['user_id', 'timezone']).execute();
      expect(Object.fromEntries(preferences.map((row) => [row.user_id, row.timezone]))).toEqual({
        [first.id]: 'America/Los_Angeles',
        [second.id]: null,
        [alone.id]: 'Europe/Paris',
      });
    } finally {
      await database.dispose();
    }
  }, 60_000);
});
