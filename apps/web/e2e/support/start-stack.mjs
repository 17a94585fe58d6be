// Starts one full Breaker stack for the end-to-end tests, from the built apps:
//   embedded        the API alone, with its embedded database in a fresh folder and jobs in-process
//   postgres-redis  the API and the worker, on a fresh PostgreSQL database and Redis database 9
// Stops the children on SIGTERM/SIGINT and cleans up after them.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PORTS = { embedded: 3101, 'postgres-redis': 3102 };
const POSTGRES_SERVER = 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = 'redis://127.0.0.1:6379/9';

const mode = process.argv[2];
if (!(mode in PORTS)) {
  process.stderr.write(`usage: node start-stack.mjs ${Object.keys(PORTS).join('|')}\n`);
  process.exit(2);
}
const port = PORTS[mode];
const apiMain = fileURLToPath(new URL('../../../api/dist/main.js', import.meta.url));
const workerMain = fileURLToPath(new URL('../../../worker/dist/main.js', import.meta.url));

const dataDir = mkdtempSync(join(tmpdir(), `breaker-e2e-${mode}-`));
const env = { ...process.env };
for (const name of [
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'GOOGLE_BASE_URL',
  'OPERATOR_TOKEN',
]) {
  delete env[name];
}
Object.assign(env, {
  PORT: String(port),
  DATA_DIR: dataDir,
  APP_URL: `http://127.0.0.1:${port}`,
  ALLOW_DEV_LOGIN: 'true',
  LOG_LEVEL: 'warn',
});

function psql(sql) {
  execFileSync('psql', [`${POSTGRES_SERVER}/postgres`, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], { stdio: 'inherit' });
}

let database;
if (mode === 'postgres-redis') {
  database = `breaker_e2e_${randomBytes(6).toString('hex')}`;
  psql(`CREATE DATABASE ${database}`);
  execFileSync('redis-cli', ['-u', REDIS_URL, 'flushdb'], { stdio: 'inherit' });
  Object.assign(env, { DATABASE_URL: `${POSTGRES_SERVER}/${database}`, REDIS_URL });
}

const children = [spawn(process.execPath, [apiMain], { env, stdio: 'inherit' })];
if (mode === 'postgres-redis') children.push(spawn(process.execPath, [workerMain], { env, stdio: 'inherit' }));

function cleanUp() {
  rmSync(dataDir, { recursive: true, force: true });
  if (!database) return;
  try {
    psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  } catch (error) {
    process.stderr.write(`could not drop ${database}: ${error.message}\n`);
  }
}

let stopping = false;
function stop(signal) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

let running = children.length;
let exitCode = 0;
for (const child of children) {
  child.on('exit', (code, signal) => {
    running -= 1;
    if (!stopping) {
      process.stderr.write(`${child.spawnargs.at(-1)} exited early (${signal ?? code}); stopping the stack\n`);
      exitCode = code || 1;
      stop('SIGTERM');
    }
    if (running === 0) {
      cleanUp();
      process.exit(exitCode);
    }
  });
}
