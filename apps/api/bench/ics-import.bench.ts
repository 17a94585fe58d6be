/**
 * Connecting a big calendar feed, and what it costs everyone else: a generated feed of about 5,000 events (weekly
 * series with moved and cancelled occurrences, 40 VTIMEZONEs, ~1.9 MB) is connected by one user while another asks
 * for their account every 25 ms. Import time target ≤ 10 s; the other user's p99 ≤ 50 ms. Both modes: embedded (the
 * built API alone, PGlite, jobs in-process) and queue (the built API and worker, PostgreSQL, Redis). Each round
 * connects the feed again (it replaces the connection), then syncs it (through the worker in queue mode). Others are
 * sampled two ways: their account (a database read) and /api/health (the event loop alone, as issue #14 measured).
 *
 *   BENCH_ICS_EVENTS=5000 BENCH_ROUNDS=2 BENCH_ICS_MODES=embedded,queue BENCH_ICS_PORT_BASE=3421
 *   BENCH_REDIS_URL=redis://127.0.0.1:6379/12
 */
import { databaseConfig } from '@breaker/db';
import { createBenchPostgres } from '@breaker/db/testing';
import { icsEvents, syncWindow } from '@breaker/jobs';
import { largeFeed } from '@breaker/jobs/testing';
import { Redis } from 'ioredis';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http, { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { emitRow, fmt, median, percentile, spreadOf } from '../../../bench/row.js';
import { startBuiltApi, type Served } from './support/processes.js';
import { seedUsers, type SeededUser } from './support/seed.js';

const EVENTS = Number(process.env['BENCH_ICS_EVENTS'] ?? 5000);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 2);
const PORT_BASE = Number(process.env['BENCH_ICS_PORT_BASE'] ?? 3421);
const REDIS_URL = process.env['BENCH_REDIS_URL'] ?? 'redis://127.0.0.1:6379/12';
const MODES = (process.env['BENCH_ICS_MODES'] ?? 'embedded,queue').split(',').map((mode) => mode.trim());
const SAMPLE_EVERY_MS = 25;
const IMPORT_TARGET_S = 10;
const LATENCY_TARGET_MS = 50;
const workerDir = join(dirname(fileURLToPath(import.meta.url)), '../../worker');

type Mode = 'embedded' | 'queue';

/** The feed, served without a validator so every sync downloads and reads it in full. */
async function serveFeed(text: string): Promise<{ url: string; close(): Promise<void> }> {
  const body = Buffer.from(text, 'utf8');
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar.ics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function send(base: string, agent: Agent, user: SeededUser, method: string, path: string, body?: string) {
  return new Promise<{ status: number; text: string }>((done, fail) => {
    const headers: Record<string, string | number> = { cookie: user.cookie, origin: base };
    if (body !== undefined)
      Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    const outgoing = request(`${base}${path}`, { method, agent, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => done({ status: response.statusCode ?? 0, text }));
    });
    outgoing.on('error', fail);
    outgoing.end(body);
  });
}

/** `path` every 25 ms until `until` settles: what a request waits meanwhile, ascending. */
async function waitsFor(base: string, user: SeededUser, path: string, until: Promise<unknown>): Promise<number[]> {
  const agent = new Agent({ keepAlive: true });
  const times: number[] = [];
  let done = false;
  void until.finally(() => (done = true)).catch(() => {});
  while (!done) {
    const started = performance.now();
    const answer = await send(base, agent, user, 'GET', path);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.text}`);
    times.push(performance.now() - started);
    await new Promise((wake) => setTimeout(wake, SAMPLE_EVERY_MS));
  }
  agent.destroy();
  return times.sort((a, b) => a - b);
}

/** The other user's own account (session and user from the database) and the bare health check, side by side. */
async function othersWait(base: string, user: SeededUser, until: Promise<unknown>): Promise<Waits> {
  const [account, health] = await Promise.all([
    waitsFor(base, user, '/api/auth/user', until),
    waitsFor(base, user, '/api/health', until),
  ]);
  return { account, health };
}

interface Waits {
  account: number[];
  health: number[];
}

interface Timed extends Waits {
  seconds: number;
  answer: string;
}

async function timedWhileSampled(api: Served, other: SeededUser, call: () => Promise<string>): Promise<Timed> {
  const started = performance.now();
  const running = call().then((answer) => ({ seconds: (performance.now() - started) / 1000, answer }));
  const waits = await othersWait(api.url, other, running);
  return { ...(await running), ...waits };
}

async function ok(answer: Promise<{ status: number; text: string }>): Promise<string> {
  const { status, text } = await answer;
  if (status !== 200) throw new Error(`answered ${status}: ${text}`);
  return text;
}

async function lastSyncedAt(api: Served, agent: Agent, user: SeededUser): Promise<string | null> {
  const text = await ok(send(api.url, agent, user, 'GET', '/trpc/calendar.status'));
  return (JSON.parse(text) as { result: { data: { lastSyncedAt: string | null } } }).result.data.lastSyncedAt;
}

/** A sync the API hands off answers "running" at once: it is over when the connection's last sync time moves. */
async function syncToTheEnd(api: Served, agent: Agent, user: SeededUser): Promise<string> {
  const before = await lastSyncedAt(api, agent, user);
  const answer = await ok(send(api.url, agent, user, 'POST', `/api/calendar/sync/${user.id}`));
  while ((await lastSyncedAt(api, agent, user)) === before) await new Promise((wake) => setTimeout(wake, 100));
  return answer;
}

function startWorker(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['dist/main.js'], {
    cwd: workerDir,
    env: { PATH: process.env['PATH'] ?? '', WORKER_METRICS_PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function runMode(mode: Mode, feedUrl: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'breaker-bench-ics-'));
  const scratch = mode === 'queue' ? await createBenchPostgres() : undefined;
  const redis = mode === 'queue' ? new Redis(REDIS_URL, { maxRetriesPerRequest: null }) : undefined;
  await redis?.flushdb();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ALLOW_PRIVATE_FEEDS: 'true',
    ...(scratch ? { DATABASE_URL: scratch.url, REDIS_URL } : {}),
  };
  const [importer, other] = (await seedUsers(databaseConfig({ databaseUrl: scratch?.url, dataDir }), 2)) as [
    SeededUser,
    SeededUser,
  ];
  const worker = mode === 'queue' ? startWorker(env) : undefined;
  const api = await startBuiltApi(PORT_BASE + (mode === 'queue' ? 1 : 0), { ...env, LOG_LEVEL: 'warn' });
  try {
    const agent = new Agent({ keepAlive: true });
    const quiet = await othersWait(api.url, other, new Promise((wake) => setTimeout(wake, 3000)));
    const imports: Timed[] = [];
    const syncs: Timed[] = [];
    const connect = JSON.stringify({ url: feedUrl });
    for (let round = 0; round < ROUNDS; round += 1) {
      imports.push(
        await timedWhileSampled(api, other, () => ok(send(api.url, agent, importer, 'PUT', '/api/calendar/ics-feed', connect))),
      );
      syncs.push(await timedWhileSampled(api, other, () => syncToTheEnd(api, agent, importer)));
      const [imported, synced] = [imports.at(-1)!, syncs.at(-1)!];
      process.stdout.write(
        `${mode} round ${round + 1}: connect ${fmt(imported.seconds, 1)} s (${imported.answer}), other user p99 ` +
          `${fmt(percentile(imported.account, 99), 1)} ms (max ${fmt(imported.account.at(-1)!, 1)}), health p99 ` +
          `${fmt(percentile(imported.health, 99), 1)} ms (max ${fmt(imported.health.at(-1)!, 1)}); sync ${fmt(synced.seconds, 1)} s, ` +
          `other user p99 ${fmt(percentile(synced.account, 99), 1)} ms, health p99 ${fmt(percentile(synced.health, 99), 1)} ms\n`,
      );
    }
    agent.destroy();
    const importSeconds = imports.map((timed) => timed.seconds);
    emitRow({
      area: 'API',
      figure: `connecting a ${fmt(EVENTS)}-event feed (${mode})`,
      measured: `${fmt(median(importSeconds), 1)} s`,
      baseline: '—',
      ratio: `${fmt(median(importSeconds) / IMPORT_TARGET_S, 2)}× target`,
      target: `≤ ${IMPORT_TARGET_S} s`,
      met: Math.max(...importSeconds) <= IMPORT_TARGET_S,
      spread: spreadOf(importSeconds, 1, ' s'),
    });
    const reader = mode === 'queue' ? 'the worker' : 'the API';
    for (const [what, timed] of [
      ['connecting (read by the API)', imports],
      [`syncing (read by ${reader})`, syncs],
    ] as const) {
      for (const [request, pick] of [
        ["another user's account", (waits: Waits) => waits.account],
        ['/api/health', (waits: Waits) => waits.health],
      ] as const) {
        const all = timed.flatMap(pick).sort((a, b) => a - b);
        const p99 = percentile(all, 99);
        const quietP99 = percentile(pick(quiet), 99);
        emitRow({
          area: 'API',
          figure: `${request} while ${what} a ${fmt(EVENTS)}-event feed (${mode})`,
          measured: `${fmt(p99, 1)} ms p99`,
          baseline: `quiet ${fmt(quietP99, 1)} ms p99`,
          ratio: `${fmt(p99 / quietP99, 1)}×`,
          target: `≤ ${LATENCY_TARGET_MS} ms`,
          met: p99 <= LATENCY_TARGET_MS,
          spread: `${all.length} requests every ${SAMPLE_EVERY_MS} ms over ${ROUNDS} rounds; max ${fmt(all.at(-1)!, 1)} ms`,
        });
      }
    }
  } finally {
    await api.stop();
    if (worker && worker.exitCode === null) {
      const exited = new Promise((done) => worker.once('exit', done));
      worker.kill('SIGTERM');
      await exited;
    }
    redis?.disconnect();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const text = largeFeed({ events: EVENTS, now: new Date() });
process.stdout.write(`feed: ${fmt(EVENTS)} events, ${fmt(Buffer.byteLength(text) / 1024 / 1024, 2)} MB\n`);
// What every other request waited before parsing moved to worker threads: the parse, on this event loop.
const onLoopStarted = performance.now();
const onLoopEvents = icsEvents(text, syncWindow('Europe/Berlin', new Date())).length;
const onLoopSeconds = (performance.now() - onLoopStarted) / 1000;
emitRow({
  area: 'API',
  figure: `reading a ${fmt(EVENTS)}-event feed on the event loop (how long it stalled others before worker threads)`,
  measured: `${fmt(onLoopSeconds, 1)} s`,
  baseline: '—',
  ratio: `${fmt(onLoopEvents)} events in the window`,
  target: '—',
  met: null,
  spread: 'one parse in the benchmark process',
});
const feed = await serveFeed(text);
try {
  for (const mode of ['embedded', 'queue'] as const) if (MODES.includes(mode)) await runMode(mode, feed.url);
} finally {
  await feed.close();
}
