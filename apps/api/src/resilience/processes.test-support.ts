import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

/**
 * Real processes on loopback for the scale-out and fault suites: the built API and worker, a private redis-server and a
 * private PostgreSQL cluster, each started on a free port and stopped by its pid. A missing binary or build throws.
 */

const run = promisify(execFile);
const API_MAIN = new URL('../../dist/main.js', import.meta.url).pathname;
const WORKER_MAIN = new URL('../../../worker/dist/main.js', import.meta.url).pathname;
/** Kept per process so a failing test can show what the process said; older output is dropped. */
const OUTPUT_LIMIT = 200_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls `check` until it holds; the error names what was awaited. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  { timeoutMs = 20_000, everyMs = 100 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`, { cause: lastError });
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningProcess {
  readonly name: string;
  readonly pid: number;
  readonly exited: Promise<Exit>;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  isRunning(): boolean;
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<Exit>;
}

const running = new Set<RunningProcess>();
const launched: RunningProcess[] = [];

/** Starts a binary (never through npx, which would leave an orphan); rejects when it cannot be started at all. */
export async function launch(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<RunningProcess> {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (error) => reject(new Error(`${name}: could not start ${command}: ${error.message}`, { cause: error })));
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let alive = true;
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      alive = false;
      resolve({ code, signal });
    }),
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${name}: ${command} has no pid`);
  const handle: RunningProcess = {
    name,
    pid,
    exited,
    output: () => output,
    isRunning: () => alive,
    signal(signal) {
      if (alive) process.kill(pid, signal);
    },
    async stop(graceMs = 10_000) {
      if (!alive) return exited;
      process.kill(pid, 'SIGTERM');
      const timer = setTimeout(() => alive && process.kill(pid, 'SIGKILL'), graceMs);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    },
  };
  running.add(handle);
  launched.push(handle);
  void exited.then(() => running.delete(handle));
  return handle;
}

/** Stops every process these helpers started that is still running (afterAll, even after a failure). */
export async function stopAllProcesses(): Promise<void> {
  await Promise.all([...running].map((process) => process.stop(5_000)));
}

/** The last lines of every process started so far, to explain a failed test. */
export function recentOutput(lines = 30): string {
  return launched
    .map((process) => `--- ${process.name} (pid ${process.pid})\n${process.output().split('\n').slice(-lines).join('\n')}`)
    .join('\n');
}

/** A loaded CI machine starts a Node process with migrations in seconds; a minute means it is stuck. */
const STARTUP_MS = 60_000;
/** For a suite's beforeAll: its processes start side by side, then it sets up its users. */
export const STARTUP_BUDGET_MS = 2 * STARTUP_MS + 30_000;

/** Polls `check` until the process is up; fails at once, with what it said, if it exits or never comes up. */
async function untilStarted(process: RunningProcess, what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  let settled = false;
  const exited = process.exited.then((exit) => {
    if (!settled) throw new Error(`${process.name} exited (${JSON.stringify(exit)}) before it could ${what}`);
  });
  try {
    await Promise.race([waitFor(`${process.name} to ${what}`, check, { timeoutMs: STARTUP_MS }), exited]);
  } catch (error) {
    throw new Error(`${(error as Error).message}; it said:\n${process.output().slice(-4000)}`, { cause: error });
  } finally {
    settled = true;
  }
}

async function untilOutput(process: RunningProcess, pattern: RegExp): Promise<void> {
  await untilStarted(process, `say ${String(pattern)}`, () => pattern.test(process.output()));
}

/** A redis-server of this test's own, without persistence, so stopping it loses nothing anyone else needs. */
export interface PrivateRedis {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
  /** Starts it again on the same port (empty, as after a crash without persistence). */
  start(): Promise<void>;
}

/** `settings` are more redis-server flags, e.g. `['--maxmemory-policy', 'allkeys-lru']`. */
export async function startPrivateRedis(settings: readonly string[] = []): Promise<PrivateRedis> {
  const port = await freePort();
  let server: RunningProcess | undefined;
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      server = await launch(
        'redis',
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...settings],
        {
          PATH: process.env['PATH'] ?? '/usr/bin:/bin',
        },
      );
      await untilOutput(server, /Ready to accept connections/);
    },
    async stop() {
      await server?.stop();
    },
  };
  await redis.start();
  return redis;
}

/** A PostgreSQL cluster of this test's own (initdb into a temporary folder), never the shared server. */
export interface PrivateCluster {
  readonly url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

function postgresBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest === undefined) throw new Error(`no PostgreSQL server binaries (initdb, pg_ctl) under ${root}`);
  return join(root, newest, 'bin');
}

export async function createPrivateCluster(): Promise<PrivateCluster> {
  const bin = postgresBinaries();
  const port = await freePort();
  const folder = mkdtempSync(join(tmpdir(), 'breaker-pg-'));
  const data = join(folder, 'data');
  mkdirSync(data);
  // PostgreSQL refuses to run as root: the cluster belongs to the postgres account when the tests run as root.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(folder, uid, gid);
    chownSync(data, uid, gid);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);
  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  let up = false;
  const cluster: PrivateCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pg('pg_ctl', [
        '-D',
        data,
        '-l',
        join(folder, 'server.log'),
        '-o',
        `-p ${port} -k ${folder} -c fsync=off`,
        '-w',
        'start',
      ]);
      up = true;
    },
    async stop() {
      await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      up = false;
    },
    async destroy() {
      if (up) await cluster.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

export interface AppEnv {
  DATABASE_URL: string;
  REDIS_URL?: string;
  APP_URL: string;
  [name: string]: string | undefined;
}

function appEnv(env: AppEnv, dataDir: string): Record<string, string> {
  const defined = Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: process.env['HOME'] ?? '/tmp',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...Object.fromEntries(defined),
  };
}

function requireBuilt(path: string): void {
  if (!existsSync(path)) throw new Error(`${path} is missing: build first (npx -y pnpm@10 build)`);
}

/** One process of the built API; answers once /api/health does. */
export interface ApiProcess {
  readonly url: string;
  readonly process: RunningProcess;
}

export async function startApi(name: string, port: number, env: AppEnv): Promise<ApiProcess> {
  requireBuilt(API_MAIN);
  const dataDir = mkdtempSync(join(tmpdir(), `breaker-${name}-`));
  const api = await launch(name, process.execPath, [API_MAIN], {
    ...appEnv(env, dataDir),
    HOST: '127.0.0.1',
    PORT: String(port),
  });
  const url = `http://127.0.0.1:${port}`;
  void api.exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  await untilStarted(api, 'answer /api/health', async () => (await fetch(`${url}/api/health`)).ok);
  return { url, process: api };
}

/** One process of the built worker; ready once it logs that its queues are open. */
export async function startWorker(name: string, env: AppEnv): Promise<RunningProcess> {
  requireBuilt(WORKER_MAIN);
  const dataDir = mkdtempSync(join(tmpdir(), `breaker-${name}-`));
  // Several workers share this machine: each lets the system pick its metrics port.
  const worker = await launch(name, process.execPath, [WORKER_MAIN], { WORKER_METRICS_PORT: '0', ...appEnv(env, dataDir) });
  void worker.exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  await untilOutput(worker, /worker ready/);
  return worker;
}

/** The API's and the worker's entry points as sources, run through tsx as `pnpm dev` runs them: no build needed. */
const SOURCE_MAINS = {
  api: new URL('../main.ts', import.meta.url).pathname,
  worker: new URL('../../../worker/src/main.ts', import.meta.url).pathname,
};
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Starts the API or the worker from its sources with only `env` (and PATH, HOME) set; the caller waits for what it needs. */
export function launchFromSource(app: keyof typeof SOURCE_MAINS, env: Record<string, string>): Promise<RunningProcess> {
  return launch(app, process.execPath, ['--conditions=@breaker/source', '--import', TSX_LOADER, SOURCE_MAINS[app]], {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: process.env['HOME'] ?? '/tmp',
    ...env,
  });
}

/** What every process of one deployment shares: the key that seals calendar tokens. */
export function sharedSecrets(): { TOKEN_ENCRYPTION_KEY: string } {
  return { TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
}

/** A fixed-offset zone where it is now midday, well inside work hours whatever the hour of the test. */
export function zoneAtMidday(now: Date): string {
  const offset = 12 - now.getUTCHours();
  // The Etc zones' signs are POSIX's: Etc/GMT-3 is three hours ahead of UTC.
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/**
 * Preferences with work hours around now every day, at any hour the test runs (a reminder outside them is never sent),
 * and reminders at the break's start.
 */
export function remindedAroundNow() {
  return {
    timezone: zoneAtMidday(new Date()),
    workStartTime: '07:00',
    workEndTime: '19:00',
    workDays: [1, 2, 3, 4, 5, 6, 7],
    reminderLeadMinutes: 0,
  };
}
