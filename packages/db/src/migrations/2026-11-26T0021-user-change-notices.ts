import { type Kysely, sql } from 'kysely';

/*
 * Every change to a user's row (their plan version moves with each change to their plan: migration 0016) and every
 * session updated or deleted (sign-out, sign-out everywhere, a password change, sliding expiry, expired sessions swept)
 * sends the user's id on USER_CHANGES, delivered when the writing transaction commits. Each API process keeps the
 * session reads of conditional requests in memory and drops a user's entries on it (docs/decisions/015-session-cache.md).
 * In triggers, not in the queries, so no writer can forget it. Taken out again by migration 0023.
 */

/** The channel the notices went on. */
export const USER_CHANGES = 'breaker_user_changes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await noticeOnChange(db, 'users', 'id');
  await noticeOnChange(db, 'sessions', 'user_id');
}

/** A row updated or deleted in `table` sends the id of the user it belongs to (its column `userId`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function noticeOnChange(db: Kysely<any>, table: 'users' | 'sessions', userId: 'id' | 'user_id'): Promise<void> {
  const noun = table === 'users' ? 'user' : 'session';
  await sql`
    create function ${sql.raw(`notify_${noun}_changed`)}() returns trigger language plpgsql as ${sql.lit(`
    begin
      perform pg_notify('${USER_CHANGES}', old.${userId}::text);
      return null;
    end`)}`.execute(db);
  await sql`
    create trigger ${sql.raw(`${table}_changed_notice`)} after update or delete on ${sql.raw(table)}
    for each row execute function ${sql.raw(`notify_${noun}_changed`)}()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists sessions_changed_notice on sessions`.execute(db);
  await sql`drop trigger if exists users_changed_notice on users`.execute(db);
  await sql`drop function if exists notify_session_changed()`.execute(db);
  await sql`drop function if exists notify_user_changed()`.execute(db);
}
