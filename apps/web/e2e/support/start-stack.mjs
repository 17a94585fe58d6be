// Starts one full Breaker stack for the end-to-end tests, from the built apps:
//   embedded         the API alone, with its embedded database in DATA_DIR and jobs in-process; e-mail goes to
//                    DATA_DIR/outbox/ (SMTP_URL unset)
//   postgres-redis   the API and the worker, on a fresh PostgreSQL database and Redis database 9 (or E2E_REDIS_DB);
//                    e-mail goes over real SMTP to a receiver on loopback that files every message in
//                    DATA_DIR/smtp-inbox/
//   embedded-google  embedded, plus a fake Google (packages/fakes/dist/google, from `turbo run build`) in
//                    this process on a free loopback port, as the API's GOOGLE_BASE_URL with one client whose
//                    redirect URIs are APP_URL's callbacks. It approves every authorization without a consent page
//                    (the account login_hint names, else the first); the specs script it through its /__fake/ admin
//                    and find it in DATA_DIR/fake-google.json ({ origin, clientId, accounts }).
//                    It also has single sign-on: a real OpenID provider (the certified oidc-provider, from
//                    packages/fakes/dist/oidc) on another free loopback port, as the API's OIDC_ISSUER with one
//                    client whose redirect URI is APP_URL's callback and OIDC_NAME "Acme staff login"; its login
//                    form takes an account's `sub` with any password. The specs find it in DATA_DIR/oidc-provider.json
//                    ({ issuer, name, accounts }).
//                    A fake Microsoft (packages/fakes/dist/microsoft) runs beside them the same way, as MICROSOFT_LOGIN_BASE_URL and
//                    MICROSOFT_GRAPH_BASE_URL, described in DATA_DIR/fake-microsoft.json ({ origin, clientId }).
// The two stacks without Google also run with ALLOW_PRIVATE_FEEDS=true, so calendar-feed.spec.ts can serve its ICS
// feeds from loopback, and with a fake push service (packages/fakes/dist/push) on a free loopback port and
// ALLOW_PRIVATE_PUSH_ENDPOINTS=true, described in DATA_DIR/fake-push.json ({ origin }).
// Usage: node start-stack.mjs <mode> [port] [data dir]   (playwright.config.ts passes all three)
// DATA_DIR is wiped at start so the specs can read it; E2E_API_ENV_JSON (a JSON object of strings) adds to or
// overrides the environment of the API and the worker, e.g. {"LOG_LEVEL":"info"} (not GOOGLE_* or OIDC_*: which stack
// has a Google client and a single-sign-on provider is fixed, see above).
// Stops the children on SIGTERM/SIGINT and cleans up after them.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DEFAULT_PORTS = { embedded: 3101, 'postgres-redis': 3102, 'embedded-google': 3103 };
const POSTGRES_SERVER = 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = `redis://127.0.0.1:6379/${process.env.E2E_REDIS_DB ?? 9}`;

const [mode, portArgument, dataDirArgument] = process.argv.slice(2);
if (!(mode in DEFAULT_PORTS)) {
  process.stderr.write(`usage: node start-stack.mjs ${Object.keys(DEFAULT_PORTS).join('|')} [port] [data dir]\n`);
  process.exit(2);
}
const port = Number(portArgument ?? DEFAULT_PORTS[mode]);
const dataDir = dataDirArgument ?? join(tmpdir(), `breaker-e2e-${port}`);
const apiMain = fileURLToPath(new URL('../../../api/dist/main.js', import.meta.url));
const workerMain = fileURLToPath(new URL('../../../worker/dist/main.js', import.meta.url));
const fakeGoogleModule = new URL('../../../../packages/fakes/dist/google/index.js', import.meta.url);
const oidcProviderModule = new URL('../../../../packages/fakes/dist/oidc/index.js', import.meta.url);
const fakeMicrosoftModule = new URL('../../../../packages/fakes/dist/microsoft/index.js', import.meta.url);
const fakePushModule = new URL('../../../../packages/fakes/dist/push/index.js', import.meta.url);
const appUrl = `http://127.0.0.1:${port}`;

/** The fake's OAuth client, as registered in a Google Cloud console: its redirect URIs are APP_URL's two callbacks. */
const GOOGLE_CLIENT = {
  clientId: 'breaker-e2e.apps.googleusercontent.com',
  clientSecret: 'breaker-e2e-google-secret',
  redirectUris: [`${appUrl}/api/auth/google/callback`, `${appUrl}/api/auth/google/calendar/callback`],
};
/** The fake's accounts from the start; specs add their own through POST /__fake/accounts. Ada is the default. */
const GOOGLE_ACCOUNTS = [
  {
    sub: '110000000000000000001',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    givenName: 'Ada',
    familyName: 'Lovelace',
    picture: 'https://lh3.googleusercontent.com/a/ada-lovelace=s96-c',
    timeZone: 'Europe/Berlin',
  },
  {
    sub: '110000000000000000002',
    email: 'grace@example.com',
    name: 'Grace Hopper',
    givenName: 'Grace',
    familyName: 'Hopper',
    picture: 'https://lh3.googleusercontent.com/a/grace-hopper=s96-c',
    timeZone: 'Europe/Berlin',
  },
];

/** Breaker as registered with the single-sign-on provider, as an administrator registers it in Keycloak or Authentik. */
const OIDC_CLIENT = {
  clientId: 'breaker-e2e',
  clientSecret: 'breaker-e2e-oidc-secret',
  redirectUris: [`${appUrl}/api/auth/oidc/callback`],
};
const OIDC_NAME = 'Acme staff login';
/** The provider's accounts: its login form takes the `sub`. */
const OIDC_ACCOUNTS = [
  { sub: 'katherine', email: 'katherine@acme.example', name: 'Katherine Johnson', givenName: 'Katherine', familyName: 'Johnson' },
];
/** The fake's app registration, as in the Entra admin center: its redirect URIs are APP_URL's two callbacks. */
const MICROSOFT_CLIENT = {
  clientId: '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f',
  clientSecret: 'breaker-e2e-microsoft-secret',
  redirectUris: [`${appUrl}/api/auth/microsoft/callback`, `${appUrl}/api/auth/microsoft/calendar/callback`],
};

rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const env = { ...process.env };
for (const name of [
  'NODE_ENV',
  'HOST',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'APP_URL',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'GOOGLE_BASE_URL',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_NAME',
  'ALLOW_REGISTRATION',
  'MICROSOFT_CLIENT_ID',
  'MICROSOFT_CLIENT_SECRET',
  'MICROSOFT_TENANT',
  'MICROSOFT_LOGIN_BASE_URL',
  'MICROSOFT_GRAPH_BASE_URL',
  'OPERATOR_TOKEN',
  'TRUST_PROXY',
  'ALLOW_PRIVATE_FEEDS',
  'ALLOW_PRIVATE_PUSH_ENDPOINTS',
]) {
  delete env[name];
}
Object.assign(env, {
  PORT: String(port),
  // Loopback only: the specs' per-test proxies listen on 127.0.0.N with this same port (e2e/support/fixtures.ts).
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  APP_URL: appUrl,
  ALLOW_DEV_LOGIN: 'true',
  LOG_LEVEL: 'warn',
  // The operators' pages are on, with the token the specs know (playwright.config.ts passes it).
  ...(process.env.E2E_OPERATOR_TOKEN ? { OPERATOR_TOKEN: process.env.E2E_OPERATOR_TOKEN } : {}),
  // Several stacks (and other runs) share the machine: the worker's health and metrics port is any free one.
  WORKER_METRICS_PORT: '0',
});

/** A minimal SMTP receiver (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT): each message becomes one .eml file. */
function startSmtpReceiver(inbox) {
  mkdirSync(inbox, { recursive: true });
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let envelope = { from: '', to: [] };
    let lines = [];
    const reply = (text) => socket.write(`${text}\r\n`);

    function file() {
      const headers = envelope.to.map((address) => `Delivered-To: ${address}`);
      const message = [...headers, ...lines].join('\r\n') + '\r\n';
      const name = `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(3).toString('hex')}.eml`;
      // Written aside and renamed, so a reader never sees half a message.
      writeFileSync(join(inbox, `.${name}.part`), Buffer.from(message, 'latin1'));
      renameSync(join(inbox, `.${name}.part`), join(inbox, name));
    }

    function command(line) {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') return reply('250 breaker-e2e');
      if (verb === 'MAIL') {
        envelope = { from: /<([^>]*)>/.exec(line)?.[1] ?? '', to: [] };
        return reply('250 OK');
      }
      if (verb === 'RCPT') {
        envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        return reply('250 OK');
      }
      if (verb === 'DATA') {
        if (envelope.to.length === 0) return reply('503 RCPT first');
        inData = true;
        lines = [];
        return reply('354 End data with <CR><LF>.<CR><LF>');
      }
      if (verb === 'RSET') {
        envelope = { from: '', to: [] };
        return reply('250 OK');
      }
      if (verb === 'NOOP') return reply('250 OK');
      if (verb === 'QUIT') {
        reply('221 Bye');
        return socket.end();
      }
      return reply('502 Command not implemented');
    }

    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!inData) {
          command(line);
        } else if (line === '.') {
          inData = false;
          try {
            file();
            reply('250 OK: queued');
          } catch (error) {
            process.stderr.write(`smtp receiver could not file a message: ${error.message}\n`);
            reply('451 Could not store the message');
          }
          envelope = { from: '', to: [] };
        } else {
          lines.push(line.startsWith('..') ? line.slice(1) : line);
        }
      }
    });
    socket.on('error', () => socket.destroy());
    reply('220 breaker-e2e ESMTP');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

function extraEnv() {
  const json = process.env.E2E_API_ENV_JSON;
  if (!json) return {};
  const extra = JSON.parse(json);
  if (typeof extra !== 'object' || extra === null || Array.isArray(extra)) {
    throw new Error('E2E_API_ENV_JSON must be a JSON object of strings');
  }
  for (const [name, value] of Object.entries(extra)) {
    if (typeof value !== 'string') throw new Error(`E2E_API_ENV_JSON: ${name} must be a string`);
    // Which stacks have a Google client is fixed: the google-* specs need the fake, the others need none.
    if (name.startsWith('GOOGLE_') || name.startsWith('OIDC_') || name.startsWith('MICROSOFT_')) {
      throw new Error(`E2E_API_ENV_JSON: ${name} is set by the embedded-google stack only`);
    }
  }
  return extra;
}

function psql(sql) {
  execFileSync('psql', [`${POSTGRES_SERVER}/postgres`, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], { stdio: 'inherit' });
}

/** Starts the fake Google from the built worker and points the API at it. */
async function startGoogle() {
  let module;
  try {
    module = await import(fakeGoogleModule.href);
  } catch (error) {
    throw new Error(`cannot load the fake Google from ${fileURLToPath(fakeGoogleModule)}; run \`npx turbo run build\` first`, {
      cause: error,
    });
  }
  const google = await module.startFakeGoogle({
    host: '127.0.0.1',
    clients: [GOOGLE_CLIENT],
    accounts: GOOGLE_ACCOUNTS,
    autoApprove: true,
  });
  Object.assign(env, {
    GOOGLE_CLIENT_ID: GOOGLE_CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.clientSecret,
    GOOGLE_BASE_URL: google.origin,
  });
  const about = { origin: google.origin, clientId: GOOGLE_CLIENT.clientId, accounts: GOOGLE_ACCOUNTS };
  writeFileSync(join(dataDir, 'fake-google.json'), `${JSON.stringify(about, null, 2)}\n`);
  return google;
}

/** Starts the OpenID provider from the built fakes package and makes it the API's single sign-on. */
async function startOidcProvider() {
  let module;
  try {
    module = await import(oidcProviderModule.href);
  } catch (error) {
    throw new Error(
      `cannot load the OpenID provider from ${fileURLToPath(oidcProviderModule)}; run \`npx turbo run build\` first`,
      {
        cause: error,
      },
    );
  }
  const provider = await module.startTestOidcProvider({ host: '127.0.0.1', clients: [OIDC_CLIENT], accounts: OIDC_ACCOUNTS });
  Object.assign(env, {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: OIDC_CLIENT.clientId,
    OIDC_CLIENT_SECRET: OIDC_CLIENT.clientSecret,
    OIDC_NAME,
  });
  const about = { issuer: provider.issuer, name: OIDC_NAME, accounts: OIDC_ACCOUNTS };
  writeFileSync(join(dataDir, 'oidc-provider.json'), `${JSON.stringify(about, null, 2)}\n`);
  return provider;
}

/** Starts the fake Microsoft from the built fakes package and points the API at it, for both of its origins. */
async function startMicrosoft() {
  const module = await import(fakeMicrosoftModule.href);
  const microsoft = await module.startFakeMicrosoft({ host: '127.0.0.1', clients: [MICROSOFT_CLIENT], autoApprove: true });
  Object.assign(env, {
    MICROSOFT_CLIENT_ID: MICROSOFT_CLIENT.clientId,
    MICROSOFT_CLIENT_SECRET: MICROSOFT_CLIENT.clientSecret,
    MICROSOFT_LOGIN_BASE_URL: microsoft.origin,
    MICROSOFT_GRAPH_BASE_URL: microsoft.origin,
  });
  const about = { origin: microsoft.origin, clientId: MICROSOFT_CLIENT.clientId };
  writeFileSync(join(dataDir, 'fake-microsoft.json'), `${JSON.stringify(about, null, 2)}\n`);
  return microsoft;
}

/**
 * Starts the fake push service from the built fakes package and lets the API push to loopback; the specs subscribe
 * and read deliveries through its /__fake/ admin, found in DATA_DIR/fake-push.json ({ origin }).
 */
async function startPush() {
  const module = await import(fakePushModule.href);
  const push = await module.startFakePushService();
  env.ALLOW_PRIVATE_PUSH_ENDPOINTS = 'true';
  writeFileSync(join(dataDir, 'fake-push.json'), `${JSON.stringify({ origin: push.origin }, null, 2)}\n`);
  return push;
}

let database;
let smtpServer;
let fakePush;
let fakeGoogle;
let oidcProvider;
let fakeMicrosoft;
if (mode === 'embedded-google') {
  fakeGoogle = await startGoogle();
  oidcProvider = await startOidcProvider();
  fakeMicrosoft = await startMicrosoft();
}
if (mode === 'postgres-redis') {
  database = `breaker_e2e_${randomBytes(6).toString('hex')}`;
  psql(`CREATE DATABASE ${database}`);
  execFileSync('redis-cli', ['-u', REDIS_URL, 'flushdb'], { stdio: 'inherit' });
  smtpServer = await startSmtpReceiver(join(dataDir, 'smtp-inbox'));
  Object.assign(env, {
    DATABASE_URL: `${POSTGRES_SERVER}/${database}`,
    REDIS_URL,
    SMTP_URL: `smtp://127.0.0.1:${smtpServer.address().port}`,
  });
}
// The calendar-feed specs serve their feeds on 127.0.0.1, which the API refuses unless told otherwise.
if (mode !== 'embedded-google') env.ALLOW_PRIVATE_FEEDS = 'true';
if (mode !== 'embedded-google') fakePush = await startPush();
Object.assign(env, extraEnv());

const children = [spawn(process.execPath, [apiMain], { env, stdio: 'inherit' })];
if (mode === 'postgres-redis') children.push(spawn(process.execPath, [workerMain], { env, stdio: 'inherit' }));

function cleanUp() {
  smtpServer?.close();
  void fakeGoogle?.close();
  void oidcProvider?.close();
  void fakeMicrosoft?.close();
  void fakePush?.close();
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
