import { sql, type CompiledQuery, type InferResult } from 'kysely';
import type { Db } from '../client.js';
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

/** A break as the upcoming-breaks answer shows it, times already as ISO 8601 text (`Date#toISOString`'s format). */
export interface UpcomingBreakJson {
  id: string;
  scheduledTime: string;
  duration: number;
  completedAt: string | null;
  skipped: boolean;
  activityId: string;
  placementReason: string | null;
  pinned: boolean;
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

const isoText = (column: string) => sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function selectSessionWithUpcomingBreaks(db: Db, sessionId: string, now: Date) {
  const zone = sql`usable_time_zone((select p.timezone from preferences p where p.user_id = sessions.user_id))`;
  const upcoming = sql<UpcomingBreakJson[]>`(
    select coalesce(json_agg(json_build_object(
      'id', b.id,
      'scheduledTime', ${isoText('b.scheduled_time')},
      'duration', b.duration,
      'completedAt', ${isoText('b.completed_at')},
      'skipped', b.skipped,
      'activityId', b.activity_id,
      'placementReason', b.placement_reason,
      'pinned', b.pinned
    ) order by b.scheduled_time), '[]'::json)
    from break_sessions b
    where b.user_id = sessions.user_id
      and b.scheduled_time >= date_trunc('day', ${now}::timestamptz at time zone ${zone}) at time zone ${zone}
  )`;
  return selectSessionWithUser(db, sessionId).select(upcoming.as('upcoming_breaks'));
}

type SessionWithUpcomingBreaksRow = InferResult<ReturnType<typeof selectSessionWithUpcomingBreaks>>[number];

/** Stand-ins for the two values of the statement below, found again by identity among its compiled parameters. */
const SESSION_ID_SLOT = '\u0000session id';
const NOW_SLOT = new Date(0);
const compiledUpcomingReads = new WeakMap<Db, CompiledQuery<SessionWithUpcomingBreaksRow>>();

/**
 * The most frequent request in one round trip: the session, its user, and the user's breaks from the start of their
 * today (midnight in their saved zone; UTC without one or for one the database rejects) on, earliest first. PostgreSQL builds each break as JSON with its
 * times already formatted, so the API neither parses nor formats a date for it. The statement differs between
 * requests only in its values, so it is built and compiled once per database instead of on every request (about 30 µs
 * of CPU each time).
 */
export async function findSessionWithUpcomingBreaks(
  db: Db,
  sessionId: string,
  now: Date,
): Promise<(SessionWithUser & { upcomingBreaks: UpcomingBreakJson[] }) | undefined> {
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
