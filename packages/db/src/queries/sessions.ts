import type { Db } from '../client.js';
import type { UserRow } from '../schema.js';

export interface SessionRecord {
  id: string;
  userId: string;
  expiresAt: Date;
  absoluteExpiresAt: Date;
}

export async function insertSession(db: Db, session: SessionRecord): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      expires_at: session.expiresAt,
      absolute_expires_at: session.absoluteExpiresAt,
    })
    .execute();
}

/** One round trip: the session and its user, or nothing. */
export async function findSessionWithUser(
  db: Db,
  sessionId: string,
): Promise<{ session: SessionRecord; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.expires_at as session_expires_at',
      'sessions.absolute_expires_at as session_absolute_expires_at',
    ])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_expires_at, session_absolute_expires_at, ...user } = row;
  return {
    session: {
      id: session_id,
      userId: user.id,
      expiresAt: session_expires_at,
      absoluteExpiresAt: session_absolute_expires_at,
    },
    user,
  };
}

export async function extendSession(db: Db, sessionId: string, expiresAt: Date): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('absolute_expires_at', '<=', now)]))
    .execute();
}
