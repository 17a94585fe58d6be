import { sql, type CompiledQuery, type InferResult } from 'kysely';
import { batchedPer } from '../batched.js';
import { prepareOnEachConnection, type Db } from '../client.js';
import { upcomingBreaksOf, usersNextDayStartOf, usersTodayStartOf, type BreakFields } from './breaks.js';
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

/** The user as a signed-in request sees them: every column but the sign-in secrets, which no request after sign-in reads. */
export type SessionUser = Omit<UserRow, 'password_hash' | 'google_subject'>;

export interface SessionWithUser {
  session: SessionRecord;
  user: SessionUser;
}

/**
 * The session user's columns, by name rather than `users.*`: the session reads of the busiest requests are prepared
 * statements (`prepareOnEachConnection`), which a migration adding a column must not break, and the password hash and
 * Google subject stay out of every request's memory and logs. The record type makes a column added to the schema fail
 * the build until it is named here.
 */
const USER_COLUMNS = Object.keys({
  id: true,
  username: true,
  email: true,
  first_name: true,
  last_name: true,
  profile_image_url: true,
  calendar_provider: true,
  is_onboarding_completed: true,
  plan_version: true,
  created_at: true,
  updated_at: true,
} satisfies Record<keyof SessionUser, true>).map((column) => `users.${column}` as `users.${keyof SessionUser}`);

function selectSessionsWithUser(db: Db) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(USER_COLUMNS)
    .select([
      'sessions.id as session_id',
      'sessions.expires_at as session_expires_at',
      'sessions.absolute_expires_at as session_absolute_expires_at',
      'sessions.development as session_development',
    ]);
}

function toSessionWithUser(
  row: SessionUser & {
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
  const row = await selectSessionsWithUser(db).where('sessions.id', '=', sessionId).executeTakeFirst();
  return row ? toSessionWithUser(row) : undefined;
}

/** What the user's upcoming breaks and calendar events depend on, bar their rows: see `usersTodayStartOf`. */
export interface PlanDay {
  /** The user's `plan_version` as text. */
  version: string;
  /** The instant the user's today starts, ISO 8601. */
  todayStart: string;
  /** The instant their next day starts, ISO 8601: from then on the two above no longer say what the answers show. */
  nextDayStart: string;
}

function selectSessionsWithPlanDay(db: Db, sessionIds: readonly string[], now: Date) {
  const userId = sql.ref<string>('sessions.user_id');
  return selectSessionsWithUser(db)
    .select([usersTodayStartOf(userId, now).as('today_start'), usersNextDayStartOf(userId, now).as('next_day_start')])
    .where(sql<boolean>`sessions.id = any(${sessionIds}::text[])`);
}

function selectSessionsWithUpcomingBreaks(db: Db, sessionIds: readonly string[], now: Date) {
  return selectSessionsWithPlanDay(db, sessionIds, now).select(
    upcomingBreaksOf(sql.ref('sessions.user_id'), now).as('upcoming_breaks'),
  );
}

type SessionWithPlanDayRow = InferResult<ReturnType<typeof selectSessionsWithPlanDay>>[number];
type SessionWithUpcomingBreaksRow = InferResult<ReturnType<typeof selectSessionsWithUpcomingBreaks>>[number];
export type SessionWithPlanDay = SessionWithUser & { planDay: PlanDay };
export type SessionWithUpcomingBreaks = SessionWithPlanDay & { upcomingBreaks: BreakFields[] };

/** Stand-ins for the values of the statements below, found again by identity among their compiled parameters. */
const SESSION_IDS_SLOT: readonly string[] = ['\u0000session ids'];
const NOW_SLOT = new Date(0);

/**
 * The statements of the product's most frequent requests differ between requests only in their values, so each is
 * built and compiled once per database instead of on every request (about 30 µs of CPU each time), and PostgreSQL
 * parses and plans it once per connection instead of on every request (about 100 µs of its CPU each time).
 */
function compiledOnce<Row>(build: (db: Db, sessionIds: readonly string[], now: Date) => { compile(): CompiledQuery<Row> }) {
  const compiled = new WeakMap<Db, CompiledQuery<Row>>();
  return async (db: Db, sessionIds: readonly string[], now: Date): Promise<Row[]> => {
    let statement = compiled.get(db);
    if (!statement) {
      statement = build(db, SESSION_IDS_SLOT, NOW_SLOT).compile();
      compiled.set(db, statement);
      prepareOnEachConnection(statement.sql);
    }
    const parameters = statement.parameters.map((value) =>
      value === SESSION_IDS_SLOT ? sessionIds : value === NOW_SLOT ? now : value,
    );
    return (await db.executeQuery<Row>({ ...statement, parameters })).rows;
  };
}

/** At most this many session reads go in one statement. */
const SESSION_READS_PER_STATEMENT = 500;

/**
 * The session reads of the product's most frequent requests, grouped (`batched`,
 * docs/decisions/017-grouped-session-reads.md): the reads asked while one statement is on its way go together in the
 * next, so a burst of requests costs the database a statement per batch, not per request. Each read's statement starts
 * after it was asked, so it sees every change committed before. A batch reads the users' days at the latest of its
 * reads' instants: the instant its statement starts.
 */
function groupedReads<Row extends { session_id: string }, Found>(
  read: (db: Db, sessionIds: readonly string[], now: Date) => Promise<Row[]>,
  found: (row: Row) => Found,
): (db: Db, sessionId: string, now: Date) => Promise<Found | undefined> {
  const readerOf = batchedPer(
    (db: Db) => async (asked: readonly { sessionId: string; now: Date }[]) => {
      const now = new Date(Math.max(...asked.map((one) => one.now.getTime())));
      const rows = await read(db, [...new Set(asked.map((one) => one.sessionId))], now);
      const byId = new Map(rows.map((row) => [row.session_id, row]));
      return asked.map((one) => {
        const row = byId.get(one.sessionId);
        return row ? found(row) : undefined;
      });
    },
    SESSION_READS_PER_STATEMENT,
  );
  return (db, sessionId, now) => readerOf(db)({ sessionId, now });
}

function toSessionWithPlanDay({ today_start, next_day_start, ...rest }: SessionWithPlanDayRow): SessionWithPlanDay {
  const found = toSessionWithUser(rest);
  const version = String(found.user.plan_version);
  return { ...found, planDay: { version, todayStart: today_start, nextDayStart: next_day_start } };
}

function toSessionWithUpcomingBreaks({ upcoming_breaks, ...rest }: SessionWithUpcomingBreaksRow): SessionWithUpcomingBreaks {
  return { ...toSessionWithPlanDay(rest), upcomingBreaks: upcoming_breaks };
}

/**
 * The reader of a conditional read of the upcoming breaks or calendar events: the session, its user and what their
 * answers depend on, without reading the answers; in one statement with the reads asked at the same time.
 */
export const findSessionWithPlanDay = groupedReads(compiledOnce(selectSessionsWithPlanDay), toSessionWithPlanDay);

/**
 * The reader the upcoming-breaks route asks for (the product's most frequent request): the session, its user, what the
 * answer depends on and the user's upcoming breaks (`upcomingBreaksOf`), from one snapshot, in one statement with the
 * reads asked at the same time.
 */
export const findSessionWithUpcomingBreaks = groupedReads(
  compiledOnce(selectSessionsWithUpcomingBreaks),
  toSessionWithUpcomingBreaks,
);

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
