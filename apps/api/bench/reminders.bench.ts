/**
 * 10,000 users with a break due in the same minute, each with one device at the fake push service (its own process,
 * checking VAPID as pushes arrive and decrypting every one once the minute is over): how late the reminders arrive, on
 * the queue stack (the built API and worker, PostgreSQL, Redis) and embedded (the built API alone, PGlite, jobs
 * in-process). Targets: every push delivered, all within 60 s of the due time, p95 lateness ≤ 5 s; and the API's own
 * latency meanwhile (a signed-in GET /api/upcoming-breaks, p99) within 2× its quiet value, measured by the same probe
 * before the minute. The same probe runs in the minute before too, while the next sweep reads the 10,000 reminders
 * again (the first, as the stack starts, found them, queued them and encrypted their pushes ahead of their time).
 *
 *   BENCH_REMINDER_USERS=10000 BENCH_REMINDER_MODES=queue,embedded …
 */
import { createDb, createTokenCipher, migrateToLatest, seedCatalogue, type DatabaseConfig } from '@breaker/db';
import { createBenchPostgres, insertUsersWithABreak } from '@breaker/db/testing';
import { testVapidKeys } from '@breaker/jobs/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { emitRow, fmt, percentile } from '../../../bench/row.js';
import { createSession } from '../src/auth/sessions.js';
import { zoneAtMidday } from '../src/resilience/processes.test-support.js';
import { startBuiltApi } from './support/processes.js';

const USERS = Number(process.env['BENCH_REMINDER_USERS'] ?? 10_000);
const MODES = (process.env['BENCH_REMINDER_MODES'] ?? 'queue,embedded').split(',').map((mode) => mode.trim());
const REDIS_URL = process.env['BENCH_REDIS_URL'] ?? 'redis://127.0.0.1:6379/12';
const PORT = Number(process.env['BENCH_PORT'] ?? 4310);
/**
 * From the end of seeding to the due minute: enough to start the stack on a loaded machine (38 s seen) and measure the
 * quiet API, and still within the reach of the first sweep (two sweep periods, REMINDER_LOOKAHEAD_MS).
 */
const DUE_AFTER_START_MS = 100_000;
const QUIET_MS = 20_000;
/** A fresh API's first requests are slow whatever it does (code compiled on first use): not counted in any window. */
const WARM_UP_MS = 5_000;
const LATE_LIMIT_MS = 60_000;
const P95_TARGET_MS = 5_000;

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const workerMain = join(apiDir, '../worker/dist/main.js');
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

async function startPushService(): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--conditions=@breaker/source', '--import', tsxLoader, 'bench/support/push-service.ts'],
    {
      cwd: apiDir,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const origin = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the fake push service exited with ${code}`)));
  });
  return { origin, child };
}

async function subscriptions(origin: string, count: number): Promise<Subscription[]> {
  const all: Subscription[] = [];
  for (let from = 0; from < count; from += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - from) }, async () => {
        // No kept connection: one the fake closed while idle would fail the request (a loaded machine idles long).
        const response = await fetch(`${origin}/__fake/subscriptions`, { method: 'POST', headers: { connection: 'close' } });
        return (await response.json()) as Subscription;
      }),
    );
    all.push(...batch);
  }
  return all;
}

/**
 * Users, their preferences (reminders on, at the break's start, working now), one device each and one break each at
 * `dueAt`, written in batches before the stack starts; answers the Cookie header of one of them, for the probe.
 */
async function seed(config: DatabaseConfig, devices: readonly Subscription[], tokenKey: Buffer, dueAt: Date): Promise<string> {
  const database = await createDb(config);
  const cipher = createTokenCipher(tokenKey);
  try {
    await migrateToLatest(database.db);
    await seedCatalogue(database.db);
    const { userIds } = await insertUsersWithABreak(database.db, {
      prefix: 'remind',
      count: devices.length,
      at: dueAt,
      preferences: {
        timezone: zoneAtMidday(new Date()),
        work_start_time: '07:00',
        work_end_time: '19:00',
        work_days: [1, 2, 3, 4, 5, 6, 7],
        notifications_enabled: true,
        reminder_lead_minutes: 0,
      },
      device: (n) => ({
        endpoint: devices[n]!.endpoint,
        p256dh: devices[n]!.keys.p256dh,
        auth_encrypted: cipher.seal(devices[n]!.keys.auth),
        expiration_time: null,
        label: 'Bench',
      }),
    });
    const { token } = await createSession(database.db, userIds[0]!, new Date());
    return `breaker_session=${token}`;
  } finally {
    await database.close();
  }
}

/** Signed-in GETs one after the other until `until`: their latencies in ms. */
async function probe(url: string, cookie: string, until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!until()) {
    const started = performance.now();
    const response = await fetch(`${url}/api/upcoming-breaks`, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`the probe got ${response.status}`);
    latencies.push(performance.now() - started);
    await new Promise((wake) => setTimeout(wake, 20));
  }
  return latencies.sort((a, b) => a - b);
}

const sleepUntil = (at: number) => new Promise((wake) => setTimeout(wake, Math.max(0, at - Date.now())));

interface Delivery {
  at: string;
  payload: { kind?: string; breakId?: string };
}

/**
 * The pushes the fake took, decrypted (it decrypts as a browser would, when they are read): after the timed window, so
 * decrypting 10,000 costs the run nothing, and every one counted is one that decrypts to a reminder, one per break.
 */
async function decryptedReminders(origin: string): Promise<Delivery[]> {
  const response = await fetch(`${origin}/__fake/deliveries`);
  if (!response.ok) throw new Error(`the fake push service could not hand out its pushes: ${await response.text()}`);
  const deliveries = (await response.json()) as Delivery[];
  const breaks = new Set(deliveries.map((d) => d.payload.breakId));
  if (deliveries.some((d) => d.payload.kind !== 'break-reminder') || breaks.size !== deliveries.length) {
    throw new Error('a push was not one reminder per break');
  }
  return deliveries;
}

async function runMode(mode: 'queue' | 'embedded'): Promise<void> {
  const push = await startPushService();
  const dataDir = mkdtempSync(join(tmpdir(), 'breaker-bench-reminders-'));
  const scratch = mode === 'queue' ? await createBenchPostgres() : undefined;
  const tokenKey = randomBytes(32);
  const vapid = testVapidKeys();
  const children: { stop(): Promise<void> }[] = [];
  try {
    let started = Date.now();
    const devices = await subscriptions(push.origin, USERS);
    // Seeded for a while ahead, then moved to the due minute once seeding's length is known.
    const config: DatabaseConfig = scratch ? { kind: 'postgres', url: scratch.url } : { kind: 'pglite', dataDir };
    const placeholder = new Date(Math.ceil((Date.now() + 10 * 60_000) / 1000) * 1000);
    const cookie = await seed(config, devices, tokenKey, placeholder);
    const dueAt = new Date(Math.ceil((Date.now() + DUE_AFTER_START_MS) / 1000) * 1000);
    await moveBreaks(config, placeholder, dueAt);
    process.stdout.write(`${mode}: ${fmt(USERS)} users, devices and breaks in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);

    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      TOKEN_ENCRYPTION_KEY: tokenKey.toString('base64'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      ALLOW_PRIVATE_PUSH_ENDPOINTS: 'true',
      LOG_LEVEL: 'warn',
    };
    if (scratch) {
      const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
      await redis.flushdb();
      redis.disconnect();
      Object.assign(env, { DATABASE_URL: scratch.url, REDIS_URL });
    }
    started = Date.now();
    const api = await startBuiltApi(PORT, env);
    children.push(api);
    if (scratch) children.push(await startWorker({ ...env, APP_URL: api.url }));
    process.stdout.write(`${mode}: stack up in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    if (Date.now() + WARM_UP_MS + QUIET_MS + 10_000 > dueAt.getTime()) throw new Error('the stack started too slowly to measure');

    // The minute before: from the end of the start's own slow first requests to the quiet window, which holds the
    // sweep a minute after the start (sweeps run every minute from the start).
    await sleepUntil(Date.now() + WARM_UP_MS);
    const quietFrom = dueAt.getTime() - QUIET_MS - 5_000;
    const ahead = await probe(api.url, cookie, () => Date.now() >= quietFrom);
    const quiet = await probe(api.url, cookie, () => Date.now() >= dueAt.getTime() - 5_000);
    let count = 0;
    const taken = async () => ((await (await fetch(`${push.origin}/__fake/deliveries/count`)).json()) as { count: number }).count;
    await sleepUntil(dueAt.getTime() - 1_000);
    const giveUpAt = dueAt.getTime() + LATE_LIMIT_MS + 30_000;
    const busyProbe = probe(api.url, cookie, () => count >= USERS || Date.now() > giveUpAt);
    while (count < USERS && Date.now() <= giveUpAt) {
      await new Promise((wake) => setTimeout(wake, 1_000));
      count = await taken();
    }
    const busy = await busyProbe;
    const lateness = (await decryptedReminders(push.origin)).map((d) => Date.parse(d.at) - dueAt.getTime()).sort((a, b) => a - b);
    report(mode, lateness, { quiet, ahead, busy });
  } finally {
    for (const child of children.reverse()) await child.stop();
    push.child.kill('SIGTERM');
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Every break to `to` at once, once the seeding's length is known (PGlite must be closed before the API opens it). */
async function moveBreaks(config: DatabaseConfig, from: Date, to: Date): Promise<void> {
  const database = await createDb(config);
  try {
    await database.db.updateTable('break_sessions').set({ scheduled_time: to }).where('scheduled_time', '=', from).execute();
  } finally {
    await database.close();
  }
}

async function startWorker(env: Record<string, string>): Promise<{ stop(): Promise<void> }> {
  const child = spawn(process.execPath, [workerMain], {
    env: { PATH: process.env['PATH'] ?? '', WORKER_METRICS_PORT: '0', ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, failed) => {
    const lines = createInterface({ input: child.stdout! });
    // BENCH_WORKER_LOG=<file> keeps the worker's log, to see where a slow minute went.
    const log = process.env['BENCH_WORKER_LOG'] ? createWriteStream(process.env['BENCH_WORKER_LOG']) : undefined;
    lines.on('line', (line) => {
      log?.write(`${line}\n`);
      if (line.includes('worker ready')) ready();
    });
    child.once('exit', (code) => failed(new Error(`the worker exited with ${code}`)));
  });
  return {
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** The probe's latencies, sorted: quiet before the minute (the baseline), in the minute before it, and during it. */
interface ProbeWindows {
  quiet: readonly number[];
  ahead: readonly number[];
  busy: readonly number[];
}

function report(mode: string, lateness: readonly number[], { quiet, ahead, busy }: ProbeWindows): void {
  const stack = mode === 'queue' ? 'queue stack (API, worker, PostgreSQL, Redis)' : 'embedded (API alone, PGlite)';
  const last = lateness.at(-1) ?? Number.NaN;
  const p95 = percentile(lateness, 95);
  const allInTime = lateness.length === USERS && last <= LATE_LIMIT_MS;
  emitRow({
    area: 'jobs',
    figure: `reminders of ${fmt(USERS)} breaks due in one minute delivered, ${stack}`,
    measured: `${fmt(lateness.length)} of ${fmt(USERS)}, the last ${fmt(last / 1000, 1)} s after the due time`,
    baseline: '—',
    ratio: '—',
    target: `all, ≤ ${LATE_LIMIT_MS / 1000} s late`,
    met: allInTime,
    spread: `first ${fmt((lateness[0] ?? Number.NaN) / 1000, 1)} s, median ${fmt(percentile(lateness, 50) / 1000, 1)} s`,
  });
  emitRow({
    area: 'jobs',
    figure: `reminder lateness p95, ${stack}`,
    measured: `${fmt(p95 / 1000, 2)} s`,
    baseline: '—',
    ratio: '—',
    target: `≤ ${P95_TARGET_MS / 1000} s`,
    met: lateness.length === USERS && p95 <= P95_TARGET_MS,
    spread: `p99 ${fmt(percentile(lateness, 99) / 1000, 2)} s`,
  });
  latencyRow(`GET /api/upcoming-breaks p99 while the reminders go, ${stack}`, busy, quiet);
  latencyRow(
    `GET /api/upcoming-breaks p99 in the minute before, while a sweep reads the ${fmt(USERS)} reminders again, ${stack}`,
    ahead,
    quiet,
  );
}

function latencyRow(figure: string, measured: readonly number[], quiet: readonly number[]): void {
  const quietP99 = percentile(quiet, 99);
  const p99 = percentile(measured, 99);
  emitRow({
    area: 'API',
    figure,
    measured: `${fmt(p99, 1)} ms p99 (${fmt(measured.length)} requests)`,
    baseline: `quiet ${fmt(quietP99, 1)} ms p99 (${fmt(quiet.length)} requests)`,
    ratio: `${fmt(p99 / quietP99, 2)}×`,
    target: '≤ 2×',
    met: p99 <= 2 * quietP99,
    spread: `p50 ${fmt(percentile(measured, 50), 1)} ms against ${fmt(percentile(quiet, 50), 1)} ms; max ${fmt(measured.at(-1) ?? Number.NaN, 1)} ms`,
  });
}

for (const mode of MODES) {
  if (mode !== 'queue' && mode !== 'embedded') throw new Error(`BENCH_REMINDER_MODES: unknown mode ${mode}`);
  await runMode(mode);
}
