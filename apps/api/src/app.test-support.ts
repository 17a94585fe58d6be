import { parseConfig } from '@breaker/api-contract/config';
import { openTestDatabase, type TestBackend } from '@breaker/db/testing';
import { createDb, createTokenCipher, type Db } from '@breaker/db';
import { randomBytes } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { pino, type Logger } from 'pino';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from './app.js';
import { createAbuseLimits } from './auth/abuse-limits.js';
import { createMailer, createPushSender } from '@breaker/jobs';
import { testVapidKeys } from '@breaker/jobs/testing';
import { createInProcessRunner } from './jobs/in-process-runner.js';
import type { JobRunner } from './jobs/job-runner.js';

export const ORIGIN = 'http://localhost:3000';

export interface AppUnderTest {
  app: FastifyInstance;
  db: Db;
  /** The scratch PostgreSQL's address; undefined on PGlite. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** Work hours every day of the week in UTC, so a test's plan does not depend on the day it runs. */
export const WORK_EVERY_DAY = {
  timezone: 'UTC',
  workStartTime: '08:00',
  workEndTime: '18:00',
  workDays: [1, 2, 3, 4, 5, 6, 7],
};

/** Breaker as registered at the fake Google: its id, its secret and both its return addresses. */
export const GOOGLE_TEST_CLIENT = {
  clientId: 'breaker-test.apps.example',
  clientSecret: 'test-secret',
  redirectUris: [`${ORIGIN}/api/auth/google/callback`, `${ORIGIN}/api/auth/google/calendar/callback`],
};

/** Breaker as registered at the fake Microsoft. */
export const MICROSOFT_TEST_CLIENT = {
  clientId: '6731de76-14a6-49ae-97bc-6eba6914391e',
  clientSecret: 'test-secret',
  redirectUris: [`${ORIGIN}/api/auth/microsoft/callback`, `${ORIGIN}/api/auth/microsoft/calendar/callback`],
};

/** The settings that send the app to the fake Google at `origin`, as GOOGLE_TEST_CLIENT. */
export function fakeGoogleEnv(origin: string): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE_TEST_CLIENT.clientSecret,
    GOOGLE_BASE_URL: origin,
  };
}

/** The settings that send the app to the fake Microsoft at `origin` (sign-in and Graph alike), as MICROSOFT_TEST_CLIENT. */
export function fakeMicrosoftEnv(origin: string): Record<string, string> {
  return {
    MICROSOFT_CLIENT_ID: MICROSOFT_TEST_CLIENT.clientId,
    MICROSOFT_CLIENT_SECRET: MICROSOFT_TEST_CLIENT.clientSecret,
    MICROSOFT_LOGIN_BASE_URL: origin,
    MICROSOFT_GRAPH_BASE_URL: origin,
  };
}

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

export interface TestAppOptions {
  env?: Record<string, string>;
  /** A database the test reaches its own way (through a relay it can cut, say); a new one of the backend unless given. */
  database?: () => Promise<TestDatabase>;
  jobs?: (db: TestDatabase, log: Logger) => Promise<JobRunner>;
  /** Silent unless given. */
  logger?: Logger;
  /** The built web app to serve; none unless given. */
  webDistDir?: string;
  /** The server's clock, for expiry tests. */
  now?: () => Date;
  /** The BullMQ queues the operators' dashboard shows. */
  queues?: readonly Queue[];
  /** The first wait before a push is tried again; short in tests. */
  pushRetryBaseMs?: number;
}

/**
 * Another app under test's PostgreSQL (its `databaseUrl`), reached with connections of its own as a second API process
 * would: neither migrated nor dropped here. For `TestAppOptions.database`.
 */
export function sharedDatabase(url: string): () => Promise<TestDatabase> {
  return async () => {
    const handle = await createDb({ kind: 'postgres', url, maxConnections: 4 });
    return { ...handle, url, dispose: handle.close };
  };
}

/** The real app on a real database (PGlite or a scratch PostgreSQL), jobs in-process unless a runner is given. */
export async function startTestApp(backend: TestBackend, options: TestAppOptions = {}): Promise<AppUnderTest> {
  const database = await (options.database?.() ?? openTestDatabase(backend));
  const config = parseConfig({ APP_URL: ORIGIN, LOG_LEVEL: 'silent', ...options.env });
  const logger = options.logger ?? pino({ level: 'silent' });
  const now = options.now ?? (() => new Date());
  // A test sharing the database with a worker process gives both the same key.
  const cipher = createTokenCipher(
    config.tokenEncryptionKey ? Buffer.from(config.tokenEncryptionKey, 'base64') : randomBytes(32),
  );
  const push = createPushSender({
    vapid: config.push.vapidKeys ?? testVapidKeys(),
    contact: config.push.contact,
    allowPrivateEndpoints: config.push.allowPrivateEndpoints,
  });
  const jobs = options.jobs
    ? await options.jobs(database, logger)
    : createInProcessRunner(
        {
          mailer: createMailer(config),
          appUrl: config.appUrl,
          db: database.db,
          log: logger,
          now,
          google: config.google,
          microsoft: config.microsoft,
          cipher,
          allowPrivateFeeds: config.allowPrivateFeeds,
          providerRetry: { sleep: () => Promise.resolve() },
          providerTimeoutMs: 1000,
          push: { sender: push, retryBaseMs: options.pushRetryBaseMs ?? 50 },
        },
        { backgroundDb: database.backgroundDb },
      );
  const app = await buildApp({
    deps: {
      config,
      database,
      db: database.db,
      jobs,
      limits: createAbuseLimits(),
      cipher,
      push,
      now,
      ...(options.queues ? { queues: options.queues } : {}),
    },
    logger,
    webDistDir: options.webDistDir ?? '/nonexistent',
  });
  return {
    app,
    db: database.db,
    ...(database.url ? { databaseUrl: database.url } : {}),
    async close() {
      await app.close();
      await jobs.close();
      await database.dispose();
    },
  };
}

/**
 * The app for the tests of one describe block: started before them and closed after them. Options may be a function,
 * read when the app starts, for what an earlier `beforeAll` started (a fake provider's address).
 */
export function appForSuite(backend: TestBackend, options: TestAppOptions | (() => TestAppOptions) = {}): AppUnderTest {
  return startedForSuite(() => startTestApp(backend, typeof options === 'function' ? options() : options));
}

/** An app started some other way (behind BullMQ, say) for the tests of one describe block, closed after them. */
export function startedForSuite(start: () => Promise<AppUnderTest>): AppUnderTest {
  let started: AppUnderTest | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    await started?.close();
  });
  const current = (): AppUnderTest => {
    if (!started) throw new Error('the app starts in beforeAll: use it inside a hook or a test');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    close: () => current().close(),
  };
}

/** Waits until `check` holds, for a result that a job brings about after the request that started it has answered. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  { attempts = 100, intervalMs = 50 } = {},
): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error('condition not met in time');
}

let nextAddress = 1;

/** Each client connects from its own loopback address (127.0.x.y), as separate people would. */
function loopbackAddress(): string {
  nextAddress += 1;
  return `127.0.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 2}`;
}

/** A browser-like client: keeps the session cookie and sends the app's Origin on writes. */
export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly address: string = loopbackAddress(),
  ) {}

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.address,
      headers: {
        ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
        ...(method === 'GET' ? {} : { origin: ORIGIN }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    for (const cookie of response.cookies) {
      const expired = cookie.expires !== undefined && cookie.expires.getTime() <= Date.now();
      if (!cookie.value || expired || cookie.maxAge === 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  /**
   * A hand-made request: the session cookie (unless `headers` brings its own) and exactly `headers`, no Origin or
   * content type added, and the cookies it sets are not kept — for the tests whose point is an odd header.
   */
  async send(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: string,
  ): Promise<LightMyRequestResponse> {
    return this.app.inject({
      method,
      url,
      remoteAddress: this.address,
      headers: { ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
  }

  /** Breaker's 303 from `path` to a provider's authorization page, and that page's address. */
  async redirectToProvider(path: string): Promise<{ start: LightMyRequestResponse; authorize: URL }> {
    const start = await this.request('GET', path);
    expect(start.statusCode).toBe(303);
    return { start, authorize: new URL(String(start.headers.location)) };
  }

  /** Plays the browser at an auto-approving fake provider: opens `authorize` and brings its answer back to Breaker. */
  async returnFromProvider(authorize: URL): Promise<LightMyRequestResponse> {
    const answered = await fetch(authorize, { redirect: 'manual' });
    return this.returnTo(new URL(String(answered.headers.get('location'))));
  }

  /** The provider's redirect back to Breaker's callback, followed. */
  returnTo(back: URL): Promise<LightMyRequestResponse> {
    return this.request('GET', `${back.pathname}${back.search}`);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async registerAndSignIn(username: string, password = 'correct horse'): Promise<{ id: string }> {
    const registered = await this.request('POST', '/api/auth/register', { username, email: `${username}@example.com`, password });
    if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
    const login = await this.request('POST', '/api/auth/login', { username, password });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
    return login.json<{ user: { id: string } }>().user;
  }

  /** Sets the signed-in user's work hours to WORK_EVERY_DAY. */
  async workEveryDay(): Promise<void> {
    const saved = await this.request('PUT', '/api/user/preferences', { preferences: WORK_EVERY_DAY });
    if (saved.statusCode !== 200) throw new Error(`saving the work hours failed: ${saved.body}`);
  }
}

/** A new person, signed in, whose work hours are WORK_EVERY_DAY. */
export async function signInWorkingEveryDay(
  app: FastifyInstance,
  username: string,
): Promise<{ client: TestClient; userId: string }> {
  const client = new TestClient(app);
  const { id } = await client.registerAndSignIn(username);
  await client.workEveryDay();
  return { client, userId: id };
}

/** A new person, signed in, with 4 breaks a day planned between 07:00 and 19:00 every day in `timezone`. */
export async function signInWithPlannedBreaks(
  app: FastifyInstance,
  username: string,
  timezone: string,
): Promise<{ client: TestClient; userId: string }> {
  const client = new TestClient(app);
  const { id } = await client.registerAndSignIn(username);
  const preferences = {
    breakFrequency: 4,
    workStartTime: '07:00',
    workEndTime: '19:00',
    timezone,
    workDays: [1, 2, 3, 4, 5, 6, 7],
  };
  const saved = await client.request('PUT', '/api/user/preferences', { preferences });
  if (saved.statusCode !== 200) throw new Error(`saving the work hours failed: ${saved.body}`);
  const planned = await client.request('POST', `/api/refresh-breakers/${id}`);
  if (planned.statusCode !== 200) throw new Error(`planning the breaks failed: ${planned.body}`);
  return { client, userId: id };
}
