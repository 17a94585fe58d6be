import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newPreferences } from '../default-preferences.js';
import { migrateToLatest } from '../migrate.js';
import { connectTestFeed, type TestBackend } from '../testing.js';
import { migrations } from './index.js';
import { openMigratedUpTo } from './migrated-up-to.test-support.js';

describe.each<TestBackend>(['pglite', 'postgres'])('migrations 0012 and 0013 on %s', (kind) => {
  it('reads stored events as in person and gives every user a skip budget of 1, from 0 to 5; both go down again', async () => {
    const database = await openMigratedUpTo(kind, '2026-11-26T0011-breaks-feed');
    try {
      const { db } = database;
      const user = await db.insertInto('users').values({ username: 'before-calls' }).returning('id').executeTakeFirstOrThrow();
      // 0017's blocking statuses do not exist yet at 0011 either.
      const { skip_budget: _skips, blocking_statuses: _blocking, ...before } = newPreferences();
      await db
        .insertInto('preferences')
        .values({ ...before, user_id: user.id })
        .execute();
      const connection = await connectTestFeed(db, user.id);
      await db
        .insertInto('calendar_events')
        .values({
          user_id: user.id,
          connection_id: connection.id,
          calendar_id: 'feed',
          external_id: 'standup',
          title: 'Standup',
          start_time: new Date('2026-11-27T09:00:00Z'),
          end_time: new Date('2026-11-27T09:30:00Z'),
          is_all_day: false,
          blocks_time: true,
        })
        .execute();

      await migrateToLatest(db);

      expect(await db.selectFrom('calendar_events').select(['title', 'call']).execute()).toEqual([
        { title: 'Standup', call: false },
      ]);
      expect(await db.selectFrom('preferences').select('skip_budget').execute()).toEqual([{ skip_budget: 1 }]);
      await db.updateTable('preferences').set({ skip_budget: 5 }).execute();
      await db.updateTable('preferences').set({ skip_budget: 0 }).execute();
      await expect(db.updateTable('preferences').set({ skip_budget: 6 }).execute()).rejects.toThrow(/skip_budget/);
      await expect(db.updateTable('preferences').set({ skip_budget: -1 }).execute()).rejects.toThrow(/skip_budget/);

      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
      const { error } = await migrator.migrateTo('2026-11-26T0011-breaks-feed');
      expect(error).toBeUndefined();
      const columns = (await db.introspection.getTables()).flatMap((table) =>
        table.columns.map((column) => `${table.name}.${column.name}`),
      );
      expect(columns).not.toContain('calendar_events.call');
      expect(columns).not.toContain('preferences.skip_budget');
    } finally {
      await database.dispose();
    }
  }, 60_000);
});
