import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { QUEUES } from './packages/api-contract/src/jobs.js';
import { freePort } from './apps/api/src/resilience/processes.test-support.js';
import { createScratchPostgres } from './packages/db/src/testing.js';

/**
 * There is no Docker engine here, so this checks what can be checked without one: the compose file names only
 * files and commands that exist in this repository, and the built apps start and stop cleanly with the very
 * commands and settings the images use.
 */

const ROOT = import.meta.dirname;

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[] | string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  restart?: string;
  ports?: string[];
  cpu_shares?: number;
}

interface Compose {
  services: Record<string, ComposeService>;
}

const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as Compose;
const service = (name: string): ComposeService => {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no ${name} service`);
  return found;
};

/** The command the image runs: the final stage's exec-form CMD. */
function imageCommand(dockerfile: string): string[] {
  const text = readFileSync(join(ROOT, dockerfile), 'utf8');
  const finalStage = text.slice(text.lastIndexOf('\nFROM '));
  const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(finalStage);
  if (!cmd?.[1]) throw new Error(`${dockerfile} has no exec-form CMD in its final stage`);
  return JSON.parse(cmd[1]) as string[];
}

/** `node apps/x/dist/y.js` is what the app's own package.json script `node dist/y.js` runs, from the repository root. */
function scriptNamed(command: string[]): string | undefined {
  const [node, file] = command;
  const match = /^(apps\/[^/]+)\/(dist\/.+\.js)$/.exec(file ?? '');
  if (node !== 'node' || !match) return undefined;
  const [, appDir, built] = match as unknown as [string, string, string];
  const scripts = (JSON.parse(readFileSync(join(ROOT, appDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts;
  return Object.keys(scripts).find((name) => scripts[name] === `node ${built}`);
}

describe('docker-compose.yml', () => {
  it('runs PostgreSQL and Redis, Redis never evicting and keeping an append-only file', () => {
    expect(service('postgres').image).toMatch(/^postgres:\d+/);
    expect(service('postgres').healthcheck?.test.join(' ')).toContain('pg_isready');
    const redis = service('redis');
    expect(redis.image).toMatch(/^redis:\d+/);
    const command = ([] as string[]).concat(redis.command ?? []).join(' ');
    expect(command).toMatch(/--maxmemory-policy\s+noeviction/);
    expect(command).toMatch(/--appendonly\s+yes/);
    expect(redis.healthcheck?.test.join(' ')).toContain('ping');
  });

  it('gives the worker less CPU weight than the API, whose requests come first when both want the CPU', () => {
    // Docker's default weight is 1024.
    expect(service('api').cpu_shares ?? 1024).toBeGreaterThan(service('worker').cpu_shares ?? 1024);
  });

  it('migrates once, before the API and the worker start, which wait for it to succeed', () => {
    const migrate = service('migrate');
    expect(migrate.restart).toBe('no');
    expect(migrate.command).toEqual(['node', 'apps/api/dist/migrate.js']);
    expect(migrate.depends_on?.['postgres']?.condition).toBe('service_healthy');
    for (const name of ['api', 'worker']) {
      const app = service(name);
      expect(app.depends_on?.['migrate']?.condition, name).toBe('service_completed_successfully');
      expect(app.depends_on?.['postgres']?.condition, name).toBe('service_healthy');
      expect(app.depends_on?.['redis']?.condition, name).toBe('service_healthy');
    }
  });

  it('runs the API and the worker in production, restarted when they fail, with health checks on their own ports', () => {
    for (const name of ['postgres', 'redis', 'api', 'worker']) expect(service(name).restart, name).toBe('unless-stopped');
    for (const name of ['migrate', 'api', 'worker']) {
      const env = service(name).environment ?? {};
      expect(env['NODE_ENV'], name).toBe('production');
      expect(env['DATABASE_URL'], name).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(env['REDIS_URL'], name).toBe('redis://redis:6379');
      expect(env['ALLOW_DEV_LOGIN'], name).toBeUndefined();
      expect(env).toHaveProperty('OPERATOR_TOKEN');
      expect(env).toHaveProperty('TOKEN_ENCRYPTION_KEY');
    }
    const api = service('api');
    const apiPort = api.environment?.['PORT'];
    expect(api.healthcheck?.test.join(' ')).toContain(`http://127.0.0.1:${apiPort}/api/ready`);
    expect(api.ports).toEqual([`127.0.0.1:${apiPort}:${apiPort}`]);
    const worker = service('worker');
    const metricsPort = worker.environment?.['WORKER_METRICS_PORT'];
    expect(metricsPort).toMatch(/^\d+$/);
    // Prometheus, in another container, must reach it.
    expect(worker.environment?.['WORKER_METRICS_HOST']).toBe('0.0.0.0');
    expect(worker.healthcheck?.test.join(' ')).toContain(`http://127.0.0.1:${metricsPort}/health`);
    expect(readFileSync(join(ROOT, 'apps/worker/Dockerfile'), 'utf8')).toMatch(new RegExp(`^EXPOSE ${metricsPort}$`, 'm'));
  });

  it('takes every secret it requires from .env, and .env.example names them all', () => {
    const text = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
    const fromEnv = new Set([...text.matchAll(/\$\{([A-Z_]+)(?::[?-])?[^}]*\}/g)].map((m) => m[1] as string));
    const example = readFileSync(join(ROOT, '.env.example'), 'utf8');
    const named = new Set([...example.matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1] as string));
    expect([...fromEnv].filter((name) => !named.has(name))).toEqual([]);
    for (const secret of ['POSTGRES_PASSWORD', 'TOKEN_ENCRYPTION_KEY', 'GOOGLE_CLIENT_SECRET', 'OPERATOR_TOKEN']) {
      expect(fromEnv.has(secret), secret).toBe(true);
    }
  });

  it('builds from Dockerfiles and contexts in this repository, whose commands are what the build produces', () => {
    const built = Object.entries(compose.services).filter(([, s]) => s.build);
    expect(built.map(([name]) => name).sort()).toEqual(['api', 'migrate', 'worker']);
    for (const [name, { build, command }] of built) {
      expect(existsSync(join(ROOT, build!.context)), name).toBe(true);
      expect(existsSync(join(ROOT, build!.context, build!.dockerfile)), name).toBe(true);
      const runs = (command as string[] | undefined) ?? imageCommand(join(build!.context, build!.dockerfile));
      const file = runs[1] ?? '';
      // The built file comes from a source file of the same name, and the app's package.json runs it too.
      expect(existsSync(join(ROOT, file.replace('/dist/', '/src/').replace(/\.js$/, '.ts'))), `${name}: ${file}`).toBe(true);
      expect(existsSync(join(ROOT, file)), `${name}: ${file} (run the build first)`).toBe(true);
      expect(scriptNamed(runs), `${name}: a package.json script runs ${runs.join(' ')}`).toBeDefined();
    }
    expect(imageCommand('apps/api/Dockerfile')).toEqual(['node', 'apps/api/dist/main.js']);
    expect(imageCommand('apps/worker/Dockerfile')).toEqual(['node', 'apps/worker/dist/main.js']);
    expect(readFileSync(join(ROOT, 'apps/api/Dockerfile'), 'utf8')).toContain('pnpm build');
  });
});

interface Started {
  child: ChildProcess;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The image's command, run from the repository root as the image runs it from /app. */
function startImageCommand(command: string[], env: Record<string, string>): Started {
  const [node, ...args] = command;
  expect(node).toBe('node');
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exit };
}

async function untilAnswers(started: Started, url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`exited early:\n${started.output()}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${started.output()}`);
}

/** A Redis database index nobody uses, so this deployment's worker never takes another test's jobs. */
function emptyRedisDatabase(): number {
  for (let index = 15; index >= 8; index -= 1) {
    if (execFileSync('redis-cli', ['-n', String(index), 'dbsize'], { encoding: 'utf8' }).trim() === '0') return index;
  }
  throw new Error('no empty Redis database between 8 and 15');
}

describe('the production build, started as the images start it', () => {
  const token = randomBytes(24).toString('hex');
  const auth = { authorization: `Bearer ${token}` };
  let env: Record<string, string>;
  let dataDir: string;
  let redisDb: number;
  let dropDatabase: (() => Promise<void>) | undefined;
  const running: Started[] = [];

  beforeAll(async () => {
    const scratch = await createScratchPostgres();
    dropDatabase = scratch.drop;
    dataDir = mkdtempSync(join(tmpdir(), 'breaker-deploy-'));
    redisDb = emptyRedisDatabase();
    env = {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      NODE_ENV: 'production',
      DATABASE_URL: scratch.url,
      REDIS_URL: `redis://127.0.0.1:6379/${redisDb}`,
      DATA_DIR: dataDir,
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      OPERATOR_TOKEN: token,
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
      TRUST_PROXY: '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    };
  });
  afterAll(async () => {
    for (const started of running) if (started.child.exitCode === null) started.child.kill('SIGKILL');
    await dropDatabase?.();
    if (redisDb !== undefined) execFileSync('redis-cli', ['-n', String(redisDb), 'flushdb']);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates with the one-shot step and exits 0', async () => {
    const migrate = startImageCommand(service('migrate').command as string[], env);
    running.push(migrate);
    expect(await migrate.exit, migrate.output()).toEqual({ code: 0, signal: null });
  });

  it('serves the API with NODE_ENV=production, its dashboard and metrics, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const api = startImageCommand(imageCommand('apps/api/Dockerfile'), {
      ...env,
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
    });
    running.push(api);
    const origin = `http://127.0.0.1:${port}`;
    await untilAnswers(api, `${origin}/api/health`);
    expect((await fetch(`${origin}/api/ready`)).status).toBe(200);
    expect((await fetch(`${origin}/admin/queues`)).status).toBe(401);
    const dashboard = await fetch(`${origin}/admin/queues`, { headers: auth });
    expect(dashboard.status).toBe(200);
    const page = await dashboard.text();
    const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(page)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${origin}/admin/queues/${script}`, { headers: auth })).status).toBe(200);
    const queues = await fetch(`${origin}/admin/queues/api/queues`, { headers: auth });
    expect((await queues.json()) as { queues: unknown[] }).toHaveProperty('queues.length', Object.keys(QUEUES).length);
    const metrics = await fetch(`${origin}/metrics`, { headers: auth });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('breaker_queue_jobs{');
    // The web app is served beside the API, with its per-request CSP nonce.
    const home = await fetch(`${origin}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-security-policy')).toMatch(/'nonce-/);

    api.child.kill('SIGTERM');
    expect(await api.exit, api.output()).toEqual({ code: 0, signal: null });
  });

  it('runs the worker, answering /health and, with the token, /metrics, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const worker = startImageCommand(imageCommand('apps/worker/Dockerfile'), { ...env, WORKER_METRICS_PORT: String(port) });
    running.push(worker);
    const origin = `http://127.0.0.1:${port}`;
    await untilAnswers(worker, `${origin}/health`);
    expect((await fetch(`${origin}/metrics`)).status).toBe(401);
    const metrics = await fetch(`${origin}/metrics`, { headers: auth });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('service="worker"');

    worker.child.kill('SIGTERM');
    expect(await worker.exit, worker.output()).toEqual({ code: 0, signal: null });
  });
});
