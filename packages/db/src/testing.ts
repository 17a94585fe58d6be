import { randomBytes } from 'node:crypto';
import { sql, type Insertable, type KyselyPlugin } from 'kysely';
import pg from 'pg';
import { autovacuumProblem } from './autovacuum.js';
import { createDb, type DatabaseHandle, type Db } from './client.js';
import { newPreferences, type NewPreferences } from './default-preferences.js';
import { migrateToLatest } from './migrate.js';
import { replaceScheduledBreaks, type NewBreak } from './queries/breaks.js';
import { replaceCalendarConnection, type CalendarConnectionRow } from './queries/calendar.js';
import { insertSchedulingRun } from './queries/runs.js';
import { insertSession, type SessionRecord } from './queries/sessions.js';
import { insertUserWithPreferences } from './queries/users.js';
import type { BreakSessionRow, PushSubscriptionsTable, UserRow } from './schema.js';
import { seedCatalogue } from './seed.js';

/** The server the integration tests use; CI must have it running, so there is no fallback. */
export const TEST_POSTGRES_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A scratch database of its own per call, dropped by the returned `drop()`. */
export async function createScratchPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `breaker_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleaner = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}

/**
 * A scratch database for a benchmark: refused on a server without autovacuum, whose stale statistics would give
 * figures no deployment sees.
 */
export async function createBenchPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const scratch = await createScratchPostgres();
  const database = await createDb({ kind: 'postgres', url: scratch.url, maxConnections: 1 });
  const problem = await autovacuumProblem(database.db).finally(() => database.close());
  if (!problem) return scratch;
  await scratch.drop();
  throw new Error(`${problem}. The benchmarks measure PostgreSQL as deployed.`);
}

export type TestBackend = 'postgres' | 'pglite';

/** A migrated, seeded database of either kind, and a way to throw it away; `url` is PostgreSQL's, for other processes. */
export async function openTestDatabase(kind: TestBackend): Promise<DatabaseHandle & { url?: string; dispose(): Promise<void> }> {
  if (kind === 'pglite') {
    const handle = await createDb({ kind: 'pglite' });
    await migrateToLatest(handle.db);
    await seedCatalogue(handle.db);
    return { ...handle, dispose: handle.close };
  }
  const scratch = await createScratchPostgres();
  const handle = await createDb({ kind: 'postgres', url: scratch.url, maxConnections: 4 });
  await migrateToLatest(handle.db);
  await seedCatalogue(handle.db);
  return {
    ...handle,
    url: scratch.url,
    async dispose() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** A user for a test: the defaults of a new account unless said otherwise, and, if given, planned breaks and a session. */
export interface TestUser {
  username: string;
  /** What differs from a new account's preferences. */
  preferences?: Partial<NewPreferences>;
  /** Stored as the plan of one scheduling run, as the planner stores them. */
  breaks?: readonly NewBreak[];
  /** A session signed in as the user. */
  session?: Omit<SessionRecord, 'userId'>;
}

/** The user is new, so the plan's window only has to hold every break a test gives. */
const PLAN_FROM = new Date(0);
const PLAN_TO = new Date(Date.UTC(9999, 0, 1));

/** Stores a test's user (no e-mail, no password) with their preferences, breaks and session; answers the rows stored. */
export async function insertTestUser(db: Db, setup: TestUser): Promise<{ user: UserRow; breaks: BreakSessionRow[] }> {
  const user = await insertUserWithPreferences(
    db,
    { username: setup.username, email: null, password_hash: null },
    newPreferences(setup.preferences),
  );
  let breaks: BreakSessionRow[] = [];
  if (setup.breaks) {
    const runId = await insertSchedulingRun(db, testPlanningRun(user.id));
    breaks = await replaceScheduledBreaks(db, user.id, PLAN_FROM, PLAN_TO, setup.breaks, runId);
  }
  if (setup.session) await insertSession(db, { ...setup.session, userId: user.id });
  return { user, breaks };
}

/** The record of a planning run for tests that store breaks without running the planner. */
export function testPlanningRun(userId: string) {
  return { userId, trigger: 'test', engineVersion: 'test', seed: 1, input: {}, output: {}, durationMs: 1 };
}

/** A calendar feed connected for a test user, its URL standing sealed: enough for whatever reads only the connection. */
export function connectTestFeed(db: Db, userId: string): Promise<CalendarConnectionRow> {
  return replaceCalendarConnection(db, userId, {
    provider: 'ics',
    account_email: null,
    refresh_token_encrypted: null,
    feed_url_encrypted: 'sealed',
    scopes: null,
  });
}

/** A busy meeting in a test user's calendar, from a feed connected for the purpose. */
export async function insertTestMeeting(
  db: Db,
  userId: string,
  meeting: { externalId: string; title: string; start: Date; end: Date; call?: boolean },
): Promise<void> {
  const connection = await connectTestFeed(db, userId);
  await db
    .insertInto('calendar_events')
    .values({
      user_id: userId,
      connection_id: connection.id,
      calendar_id: 'feed',
      external_id: meeting.externalId,
      title: meeting.title,
      start_time: meeting.start,
      end_time: meeting.end,
      is_all_day: false,
      blocks_time: true,
      ...(meeting.call ? { call: true } : {}),
    })
    .execute();
}

/** Rows a statement of `insertUsersWithABreak` carries at most: PostgreSQL takes at most 65,535 parameters. */
const USERS_A_STATEMENT = 500;

export interface UsersWithABreak {
  /** The users are named `<prefix><n>`. */
  prefix: string;
  count: number;
  /** When every user's break starts. */
  at: Date;
  /** Set on every user's preferences, over a new account's. */
  preferences?: Partial<NewPreferences>;
  /** The n-th user's one device, its auth secret already sealed; none when absent. */
  device?: (n: number) => Omit<Insertable<PushSubscriptionsTable>, 'user_id'>;
}

/**
 * Many users, each with preferences, one break and maybe one device, written a few hundred to a statement (for tests
 * of how the database plans with many rows, and for benchmarks); answers the users' and the breaks' ids in order.
 */
export async function insertUsersWithABreak(
  db: Db,
  { prefix, count, at, preferences = {}, device }: UsersWithABreak,
): Promise<{ userIds: string[]; breakIds: string[] }> {
  const activity = await db.selectFrom('break_activities').select('id').limit(1).executeTakeFirstOrThrow();
  const userIds: string[] = [];
  const breakIds: string[] = [];
  for (let first = 0; first < count; first += USERS_A_STATEMENT) {
    const numbers = Array.from({ length: Math.min(USERS_A_STATEMENT, count - first) }, (_, i) => first + i);
    const users = await db
      .insertInto('users')
      .values(numbers.map((n) => ({ username: `${prefix}${n}`, email: null, password_hash: null })))
      .returning('id')
      .execute();
    await db
      .insertInto('preferences')
      .values(users.map((user) => ({ ...newPreferences(preferences), user_id: user.id })))
      .execute();
    if (device) {
      await db
        .insertInto('push_subscriptions')
        .values(users.map((user, i) => ({ ...device(numbers[i]!), user_id: user.id })))
        .execute();
    }
    const breaks = await db
      .insertInto('break_sessions')
      .values(
        users.map((user) => ({
          user_id: user.id,
          activity_id: activity.id,
          scheduled_time: at,
          duration: 5,
          placement_reason: 'seeded',
        })),
      )
      .returning('id')
      .execute();
    userIds.push(...users.map((user) => user.id));
    breakIds.push(...breaks.map((row) => row.id));
  }
  return { userIds, breakIds };
}

/**
 * Lets the embedded database publish its counts of changed rows, which the statistics keeper reads: PGlite publishes
 * them at the end of a transaction at least a second after it last did.
 */
export async function publishCounts(db: Db): Promise<void> {
  await new Promise((wake) => setTimeout(wake, 1_100));
  await sql`select 1`.execute(db);
}

/** Statements that go through the handle `plugin` is given to, and the rows each answered. */
export function countingStatements(): { rows: number[]; plugin: KyselyPlugin } {
  const rows: number[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => {
      rows.push(result.rows.length);
      return result;
    },
  };
  return { rows, plugin };
}

/** Rows of a table read so far, by scans of the table and of its indexes, as the database counts them. */
export async function rowsRead(db: Db, table: string): Promise<number> {
  await publishCounts(db);
  const { rows } = await sql<{ read: string }>`
    select t.seq_tup_read + coalesce((select sum(i.idx_tup_read) from pg_stat_user_indexes i where i.relid = t.relid), 0)
      as read
    from pg_stat_user_tables t where t.relname = ${table}`.execute(db);
  return Number(rows[0]!.read);
}
