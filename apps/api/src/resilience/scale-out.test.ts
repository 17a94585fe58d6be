import { QUEUES } from '@breaker/api-contract';
import { createDb, sql, type DatabaseHandle } from '@breaker/db';
import { createScratchPostgres } from '@breaker/db/testing';
import { GRACE_HOPPER, startFakeGoogle, type FakeGoogle } from '@breaker/fakes/google';
import { Queue } from 'bullmq';
import { readdirSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  sharedSecrets,
  STARTUP_BUDGET_MS,
  startApi,
  startPrivateRedis,
  recentOutput,
  startWorker,
  stopAllProcesses,
  waitFor,
  type ApiProcess,
  type AppEnv,
  type PrivateRedis,
  type RunningProcess,
} from './processes.test-support.js';
import { overlaps, Visitor, type UpcomingBreak } from './visitor.test-support.js';

const EMAIL = GRACE_HOPPER.email;
const EVENTS_LIST = '/calendar/v3/calendars/primary/events';
const POOL_SIZE = 3;

/** Reads of the user's meetings; Breaker's write-back lists only its own events, by their private property. */
function meetingReads(google: FakeGoogle): number {
  return google.calls.filter(
    (call) => call.method === 'GET' && call.path === EVENTS_LIST && !('privateExtendedProperty' in call.query),
  ).length;
}

describe('two API processes and two workers on one PostgreSQL and one Redis', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>> | undefined;
  let redis: PrivateRedis | undefined;
  let google: FakeGoogle | undefined;
  let database: DatabaseHandle | undefined;
  let apis: ApiProcess[] = [];
  let workers: RunningProcess[] = [];
  let visitor: Visitor;
  let userId: string;

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    redis = await startPrivateRedis();
    const ports = [await freePort(), await freePort()];
    const appUrl = `http://127.0.0.1:${ports[0]}`;
    const client = {
      clientId: 'breaker-scale-out.apps.example',
      clientSecret: 'scale-out-secret',
      redirectUris: [`${appUrl}/api/auth/google/callback`, `${appUrl}/api/auth/google/calendar/callback`],
    };
    google = await startFakeGoogle({
      clients: [client],
      accounts: [GRACE_HOPPER],
      autoApprove: true,
    });
    const env: AppEnv = {
      DATABASE_URL: scratch.url,
      REDIS_URL: redis.url,
      APP_URL: appUrl,
      GOOGLE_CLIENT_ID: client.clientId,
      GOOGLE_CLIENT_SECRET: client.clientSecret,
      GOOGLE_BASE_URL: google.origin,
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      ...sharedSecrets(),
    };
    // All four prepare the database at once, as a deployment's processes would on a rollout.
    const [first, second, ...started] = await Promise.all([
      startApi('api-1', ports[0] ?? 0, env),
      startApi('api-2', ports[1] ?? 0, env),
      startWorker('worker-1', env),
      startWorker('worker-2', env),
    ]);
    apis = [first, second];
    workers = started;
    database = await createDb({ kind: 'postgres', url: scratch.url, maxConnections: 2 });
    visitor = new Visitor(appUrl);
  }, STARTUP_BUDGET_MS);

  afterEach((context) => {
    if (context.task.result?.state === 'fail') process.stderr.write(`${recentOutput()}\n`);
  });

  afterAll(async () => {
    await stopAllProcesses();
    await google?.close();
    await database?.close();
    await redis?.stop();
    await scratch?.drop();
  });

  const api = (index: number): string => apis[index % 2]?.url ?? '';

  it('honours a session made on one API on the other', async () => {
    userId = await visitor.signUp(api(0), 'grace');
    const seen = await visitor.call(api(1), 'GET', '/api/auth/user');
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id: userId, username: 'grace' });
    const saved = await visitor.call(api(1), 'PUT', '/api/user/preferences', {
      preferences: { workDays: [1, 2, 3, 4, 5, 6, 7], timezone: 'UTC', workStartTime: '08:00', workEndTime: '18:00' },
    });
    expect(saved.status).toBe(200);
  });

  it('makes one plan out of 20 concurrent refreshes spread over both APIs: no duplicate or overlapping breaks, the whole output of one planning run, the same on both APIs and in the database', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => visitor.call(api(index), 'POST', `/api/refresh-breakers/${userId}`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));

    const db = database?.db;
    if (!db) throw new Error('no database');
    // The burst shares one placement job, plus one queued behind a running one: the plan is read once it is done.
    const queue = new Queue(QUEUES.placeBreaks, { connection: { host: '127.0.0.1', port: redis?.port ?? 0 } });
    try {
      await waitFor('the placement queue to drain', async () => {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        return Object.values(counts).every((count) => count === 0);
      });
    } finally {
      await queue.close();
    }
    const runs = await db.selectFrom('scheduling_runs').select(['id', 'output']).where('user_id', '=', userId).execute();
    // At most one run is under way and one waits behind it: each later run serves every refresh that arrived while
    // the one before it ran, so a burst makes a handful of runs, never one per refresh.
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.length).toBeLessThanOrEqual(10);
    const stored = await db
      .selectFrom('break_sessions')
      .select(['id', 'scheduling_run_id'])
      .where('user_id', '=', userId)
      .execute();
    const planIds = new Set(stored.map((row) => row.scheduling_run_id));
    expect(planIds.size).toBe(1);
    // The plan left standing is one run's whole output, not a mix of runs.
    const standing = runs.find((run) => planIds.has(run.id));
    expect((standing?.output as { breaks: unknown[] } | undefined)?.breaks).toHaveLength(stored.length);

    const [onFirst, onSecond] = await Promise.all([
      visitor.call(api(0), 'GET', '/api/upcoming-breaks'),
      visitor.call(api(1), 'GET', '/api/upcoming-breaks'),
    ]);
    const breaks = onFirst.body as UpcomingBreak[];
    // Three a day: today's work hours may be partly over whenever the test runs; the five days after it are whole.
    expect(breaks.length).toBeGreaterThanOrEqual(3 * 5);
    expect(onSecond.body).toEqual(onFirst.body);
    expect(breaks.map((b) => b.id).sort()).toEqual(stored.map((row) => row.id).sort());
    expect(new Set(breaks.map((b) => b.scheduledTime)).size).toBe(breaks.length);
    expect(overlaps(breaks)).toEqual([]);
  });

  it('keeps PostgreSQL connections within processes × DATABASE_POOL_SIZE under concurrent load', async () => {
    const db = database?.db;
    if (!db) throw new Error('no database');
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => visitor.call(api(index), 'POST', `/api/refresh-breakers/${userId}`)),
    );
    const connections = await sql<{ count: string }>`
      select count(*) as count from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
    // Four processes with their pools, plus this test's own second connection at most.
    expect(Number(connections.rows[0]?.count)).toBeLessThanOrEqual(4 * POOL_SIZE + 1);
  });

  it('runs a calendar sync requested ten times over both APIs once, with two workers listening', async () => {
    const fake = google;
    if (!fake) throw new Error('no fake Google');
    expect(await visitor.connectGoogle(api(0), EMAIL)).toBe('/calendar?success=calendar_connected');
    // Connecting starts a first sync in the background; the test starts from a calendar that is up to date.
    await waitFor('the first sync', async () => {
      const row = await database?.db
        .selectFrom('calendar_connections')
        .select('last_synced_at')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Boolean(row?.last_synced_at);
    });
    fake.resetCalls();
    // A slow Google keeps the first sync running while the other nine requests arrive.
    fake.hangNext({ path: EVENTS_LIST, ms: 1500 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => visitor.call(api(index), 'POST', `/api/calendar/sync/${userId}`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(meetingReads(fake)).toBe(1);
  });

  it('keeps one maintenance schedule in Redis although both workers declared it', async () => {
    const queue = new Queue(QUEUES.maintenance, { connection: { host: '127.0.0.1', port: redis?.port ?? 0 } });
    try {
      expect(await queue.getJobSchedulers()).toHaveLength(1);
      expect(await queue.getDelayedCount()).toBe(1);
    } finally {
      await queue.close();
    }
    expect(workers.every((worker) => worker.isRunning())).toBe(true);
  });

  it('runs the workers at a lower CPU priority than the APIs, so requests get the CPU first', () => {
    // Niceness as the test runner has it, which every process started here inherits.
    const inherited = getPriority();
    expect(apis.map((started) => getPriority(started.process.pid))).toEqual([inherited, inherited]);
    for (const worker of workers) {
      // Every thread of it, the runtime's own included (Linux gives each thread its own niceness).
      const threads = readdirSync(`/proc/${worker.pid}/task`).map(Number);
      expect(threads.length).toBeGreaterThan(1);
      expect(new Set(threads.map((thread) => getPriority(thread)))).toEqual(new Set([Math.max(10, inherited)]));
    }
  });
});
