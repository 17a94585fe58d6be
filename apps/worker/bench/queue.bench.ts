/**
 * Refreshing 10,000 users through BullMQ with the real worker (the built apps/worker/dist, its own process, its usual
 * concurrency) on PostgreSQL: the time from enqueueing every user's refresh to the last plan stored. Target ≤ 30 s.
 * The users have the product's default-like preferences and no meetings (meetings cost the engine, timed on its own).
 *
 *   BENCH_QUEUE_USERS=10000 BENCH_ROUNDS=2 …     users, and rounds (each re-plans every user)
 */
import { DEFAULT_JOB_OPTIONS, deduplicationId, QUEUES } from '@breaker/api-contract';
import { createDb, migrateToLatest, newPreferences, seedCatalogue, sql } from '@breaker/db';
import { createBenchPostgres } from '@breaker/db/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { emitRow, fmt, median, spreadOf } from '../../../bench/row.js';

const USERS = Number(process.env['BENCH_QUEUE_USERS'] ?? 10_000);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 2);
const TARGET_S = 30;
/** A Redis database of the benchmarks' own, emptied before use. */
const REDIS_URL = process.env['BENCH_REDIS_URL'] ?? 'redis://127.0.0.1:6379/12';
const BATCH = 1000;

const scratch = await createBenchPostgres();
const database = await createDb({ kind: 'postgres', url: scratch.url, maxConnections: 2 });
const dataDir = mkdtempSync(join(tmpdir(), 'breaker-bench-'));
const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
const queue = new Queue(QUEUES.placeBreaks, { connection: redis, defaultJobOptions: DEFAULT_JOB_OPTIONS });
const worker = spawn(
  process.execPath,
  [...(process.env['BENCH_PROFILE'] ? ['--cpu-prof', '--cpu-prof-dir=/tmp/c-wprof'] : []), 'dist/main.js'],
  {
    env: {
      PATH: process.env['PATH'] ?? '',
      DATABASE_URL: scratch.url,
      REDIS_URL,
      DATA_DIR: dataDir,
      WORKER_METRICS_PORT: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
try {
  await redis.flushdb();
  await migrateToLatest(database.db);
  await seedCatalogue(database.db);
  const userIds: string[] = [];
  for (let from = 0; from < USERS; from += BATCH) {
    const count = Math.min(BATCH, USERS - from);
    const rows = await database.db
      .insertInto('users')
      .values(Array.from({ length: count }, (_, i) => ({ username: `queue${from + i}`, email: null, password_hash: null })))
      .returning('id')
      .execute();
    await database.db
      .insertInto('preferences')
      .values(rows.map((row) => ({ ...newPreferences({ break_frequency: 5, timezone: 'Europe/Berlin' }), user_id: row.id })))
      .execute();
    userIds.push(...rows.map((row) => row.id));
  }
  process.stdout.write(`${fmt(USERS)} users in the database\n`);

  const deadline = Date.now() + 60_000;
  while ((await queue.getWorkersCount()) === 0) {
    if (worker.exitCode !== null || Date.now() > deadline) throw new Error('the worker did not start');
    await new Promise((wake) => setTimeout(wake, 200));
  }

  const storedRuns = async (): Promise<number> =>
    Number((await sql<{ n: string }>`select count(*) as n from scheduling_runs`.execute(database.db)).rows[0]!.n);
  const seconds: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const before = await storedRuns();
    const started = performance.now();
    await queue.addBulk(
      userIds.map((userId) => ({
        name: QUEUES.placeBreaks,
        data: { userId, trigger: 'refresh' as const },
        opts: { deduplication: { id: deduplicationId(QUEUES.placeBreaks, userId) } },
      })),
    );
    while ((await storedRuns()) < before + USERS) {
      const failed = await queue.getFailedCount();
      if (failed > 0) throw new Error(`${failed} refresh jobs failed`);
      await new Promise((wake) => setTimeout(wake, 100));
    }
    seconds.push((performance.now() - started) / 1000);
    process.stdout.write(`round ${round + 1}: ${fmt(USERS)} refreshes in ${seconds.at(-1)!.toFixed(1)} s\n`);
  }
  const typical = median(seconds);
  emitRow({
    area: 'jobs',
    figure: `refreshing ${fmt(USERS)} users through BullMQ, real worker, PostgreSQL`,
    measured: `${fmt(typical, 1)} s (${fmt(USERS / typical)} a second)`,
    baseline: '—',
    ratio: '—',
    target: `≤ ${TARGET_S} s`,
    met: typical <= TARGET_S,
    spread: spreadOf(seconds, 1, ' s'),
  });
} finally {
  worker.kill('SIGTERM');
  await new Promise((done) => (worker.exitCode !== null ? done(undefined) : worker.once('exit', done)));
  await queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
  redis.disconnect();
  await database.close();
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
