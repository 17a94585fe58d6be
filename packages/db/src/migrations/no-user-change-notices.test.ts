import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import type { Db } from '../client.js';
import type { TestBackend } from '../testing.js';
import { openMigratedUpTo } from './migrated-up-to.test-support.js';

/** The triggers on users and sessions that call pg_notify. */
async function noticeTriggers(db: Db): Promise<string[]> {
  const { rows } = await sql<{ tgname: string }>`
    select tgname from pg_trigger
    where tgrelid in ('users'::regclass, 'sessions'::regclass) and tgname like '%changed_notice'
    order by tgname`.execute(db);
  return rows.map((row) => row.tgname);
}

describe.each<TestBackend>(['pglite', 'postgres'])('migration 0023 on %s', (kind) => {
  it("takes out 0021's notices, so no planning commit queues a notification", async () => {
    const database = await openMigratedUpTo(kind, '2026-11-26T0022-one-calendar-writer');
    try {
      expect(await noticeTriggers(database.db)).toEqual(['sessions_changed_notice', 'users_changed_notice']);
      await migrateToLatest(database.db);
      expect(await noticeTriggers(database.db)).toEqual([]);
      const { rows } = await sql<{ functions: number }>`
        select count(*)::int as functions from pg_proc where proname in ('notify_user_changed', 'notify_session_changed')
      `.execute(database.db);
      expect(rows[0]!.functions).toBe(0);
    } finally {
      await database.dispose();
    }
  });
});
