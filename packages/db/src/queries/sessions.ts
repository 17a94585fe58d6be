import { sql, type CompiledQuery, type InferResult } from 'kysely';
import type { Db } from '../client.js';
import { upcomingBreaksOf, type BreakFields } from './breaks.js';
import type { UserRow } from '../schema.js';

export interface SessionRecord {
  id: string;
  userId: string;
  expiresAt: Date;
  absoluteExpiresAt: Date;
  /** Opened by a development sign-in; false unless said. */
  development?: boolean;
}

export async function insertSession(db: Db, session: SessionRecord): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      expires_at: session.expiresAt,
      absolute_expires_at: session.absoluteExpiresAt,
      development: session.development ?? false,
    })
    .execute();
}

export interface SessionWithUser {
  session: SessionRecord;
  user: UserRow;
}

function selectSessionWithUser(db: Db, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.expires_at as session_expires_at',
      'sessions.absolute_expires_at as session_absolute_expires_at',
      'sessions.development as session_development',
    ])
    .where('sessions.id', '=', sessionId);
}

function toSessionWithUser(
  row: UserRow & {
    session_id: string;
    session_expires_at: Date;
    session_absolute_expires_at: Date;
    session_development: boolean;
  },
): SessionWithUser {
  const { session_id, session_expires_at, session_absolute_expires_at, session_development, ...user } = row;
  return {
    session: {
      id: session_id,
      userId: user.id,
      expiresAt: session_expires_at,
      absoluteExpiresAt: session_absolute_expires_at,
      development: session_development,
    },
    user,
  };
}

/** One round trip: the session and its user, or nothing. */
export async function findSessionWithUser(db: Db, sessionId: string): Promise<SessionWithUser | undefined> {
  const row = await selectSessionWithUser(db, sessionId).executeTakeFirst();
  return row ? toSessionWithUser(row) : undefined;
}

function selectSessionWithUpcomingBreaks(db: Db, sessionId: string, now: Date) {
  return selectSessionWithUser(db, sessionId).select(upcomingBreaksOf(sql.ref('sessions.user_id'), now).as('upcoming_breaks'));
}

type SessionWithUpcomingBreaksRow = InferResult<ReturnType<typeof selectSessionWithUpcomingBreaks>>[number];

/** Stand-ins for the two values of the statement below, found again by identity among its compiled parameters. */
const SESSION_ID_SLOT = '\u0000session id';
const NOW_SLOT = new Date(0);
const compiledUpcomingReads = new WeakMap<Db, CompiledQuery<SessionWithUpcomingBreaksRow>>();

/**
 * The reader the upcoming-breaks route asks for (the product's most frequent request): the session, its user and the
 * user's upcoming breaks (`upcomingBreaksOf`) in one round trip. The statement differs between requests only in its
 * values, so it is built and compiled once per database instead of on every request (about 30 µs of CPU each time).
 */
export async function findSessionWithUpcomingBreaks(
  db: Db,
  sessionId: string,
  now: Date,
): Promise<(SessionWithUser & { upcomingBreaks: BreakFields[] }) | undefined> {
  let compiled = compiledUpcomingReads.get(db);
  if (!compiled) {
    compiled = selectSessionWithUpcomingBreaks(db, SESSION_ID_SLOT, NOW_SLOT).compile();
    compiledUpcomingReads.set(db, compiled);
  }
  const parameters = compiled.parameters.map((value) =>
    value === SESSION_ID_SLOT ? sessionId : value === NOW_SLOT ? now : value,
  );
  const [row] = (await db.executeQuery<SessionWithUpcomingBreaksRow>({ ...compiled, parameters })).rows;
  if (!row) return undefined;
  const { upcoming_breaks, ...rest } = row;
  return { ...toSessionWithUser(rest), upcomingBreaks: upcoming_breaks };
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

export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('absolute_expires_at', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
