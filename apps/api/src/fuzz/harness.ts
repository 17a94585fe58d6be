import { SERVER_MESSAGES } from '@breaker/api-contract';
import { insertSchedulingRun, replaceScheduledBreaks, type Db } from '@breaker/db';
import type { TestBackend } from '@breaker/db/testing';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { startTestApp, TestClient, type AppUnderTest } from '../app.test-support.js';
import { createSession } from '../auth/sessions.js';
import { fuzzRequest, type FuzzRequest, type FuzzWorld } from './requests.js';

const SESSION_COOKIE = 'breaker_session';

/** One broken promise: what was sent, what came back, and which rule it broke. */
export interface FuzzFailure {
  rule: string;
  target: string;
  status: number;
  request: string;
  body: string;
}

export interface FuzzSummary {
  cases: number;
  statuses: Record<string, number>;
  failures: FuzzFailure[];
  seed: number;
  durationMs: number;
}

/** The app with two people in it: the fuzzer acts as one of them (or as nobody); the other must never be touched. */
interface Arena {
  subject: AppUnderTest;
  world: FuzzWorld;
  actorId: string;
  /** Strings no answer may contain. */
  secrets: string[];
  otherUserRows(): Promise<string>;
}

async function plantBreaks(db: Db, userId: string): Promise<string[]> {
  const runId = await insertSchedulingRun(db, {
    userId,
    trigger: 'test',
    engineVersion: 'fuzz',
    seed: 1,
    input: {},
    output: {},
    durationMs: 1,
  });
  const day = Date.now() + 24 * 3600_000;
  const breaks = [0, 1, 2].map((index) => ({
    activityId: 'desk-stretch',
    scheduledTime: new Date(day + index * 3 * 3600_000),
    duration: 5,
    placementReason: 'fuzz',
  }));
  const activity = await db.selectFrom('break_activities').select('id').limit(1).executeTakeFirstOrThrow();
  const stored = await replaceScheduledBreaks(
    db,
    userId,
    new Date(0),
    new Date(Date.UTC(9999, 0, 1)),
    breaks.map((planned) => ({ ...planned, activityId: activity.id })),
    runId,
  );
  return stored.map((row) => row.id);
}

/** Every row the other person owns, as one string: any change to any of them shows. */
async function rowsOf(db: Db, userId: string): Promise<string> {
  const [user, sessions, preferences, breaks, connections, events, resets, runs, devices] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', '=', userId).execute(),
    db.selectFrom('sessions').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('preferences').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('break_sessions').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('calendar_connections').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('calendar_events').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', userId).orderBy('token_hash').execute(),
    db.selectFrom('scheduling_runs').select(['id', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
  ]);
  return JSON.stringify({ user, sessions, preferences, breaks, connections, events, resets, runs, devices });
}

async function openArena(backend: TestBackend): Promise<Arena> {
  const googleSecret = `google-secret-${randomBytes(12).toString('hex')}`;
  const subject = await startTestApp(backend, {
    env: { GOOGLE_CLIENT_ID: 'fuzz-client.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: googleSecret },
  });
  const { db } = subject;
  const otherPassword = `other-${randomBytes(12).toString('hex')}`;
  const other = new TestClient(subject.app, '10.200.0.1');
  const otherUser = await other.registerAndSignIn('other-person', otherPassword);
  const otherToken = other.cookieHeader().replace(`${SESSION_COOKIE}=`, '');
  const actor = new TestClient(subject.app, '10.200.0.2');
  const actorUser = await actor.registerAndSignIn('fuzzing-person', `actor-${randomBytes(12).toString('hex')}`);
  const refreshToken = `refresh-${randomBytes(12).toString('hex')}`;
  await db
    .insertInto('calendar_connections')
    .values({
      user_id: otherUser.id,
      provider: 'google',
      account_email: 'other@example.com',
      refresh_token_encrypted: refreshToken,
      scopes: 'calendar',
    })
    .execute();
  const resetHash = randomBytes(32).toString('hex');
  await db
    .insertInto('password_reset_tokens')
    .values({ token_hash: resetHash, user_id: otherUser.id, expires_at: new Date(Date.now() + 3600_000) })
    .execute();
  // The other person's phone: its endpoint is as good as an address to push to, so no answer may show it.
  const otherEndpoint = `https://push.example/send/${randomBytes(16).toString('hex')}`;
  await db
    .insertInto('push_subscriptions')
    .values({
      user_id: otherUser.id,
      endpoint: otherEndpoint,
      p256dh: 'p256dh',
      auth_encrypted: 'sealed',
      label: 'Chrome on Android',
    })
    .execute();
  const hashes = await db.selectFrom('users').select('password_hash').execute();
  return {
    subject,
    actorId: actorUser.id,
    world: {
      otherUserId: otherUser.id,
      otherBreakIds: await plantBreaks(db, otherUser.id),
      ownBreakIds: await plantBreaks(db, actorUser.id),
    },
    secrets: [
      googleSecret,
      otherPassword,
      otherToken,
      refreshToken,
      resetHash,
      otherEndpoint,
      ...hashes.flatMap((row) => (row.password_hash ? [row.password_hash] : [])),
    ],
    otherUserRows: () => rowsOf(db, otherUser.id),
  };
}

function refusalMessage(response: LightMyRequestResponse): boolean {
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return false;
  }
  const hasMessage = (value: unknown): boolean => {
    if (typeof value !== 'object' || value === null) return false;
    const record = value as { message?: unknown; error?: { message?: unknown } };
    const message = record.message ?? record.error?.message;
    return typeof message === 'string' && /\S/.test(message);
  };
  return Array.isArray(body) ? body.some(hasMessage) : hasMessage(body);
}

/** Sends the fuzzer's requests as the acting person, keeping their session as a browser would. */
class Actor {
  private token: string | undefined;
  private sent = 0;

  constructor(private readonly arena: Arena) {}

  async send(request: FuzzRequest): Promise<LightMyRequestResponse> {
    this.sent += 1;
    if (request.signedIn && !this.token) {
      this.token = (await createSession(this.arena.subject.db, this.arena.actorId, new Date())).token;
    }
    const response = await this.arena.subject.app.inject({
      method: request.method,
      url: request.url,
      // Many people from many places, so the abuse limits for one address do not answer everything.
      remoteAddress: `10.${(this.sent >> 16) & 255}.${(this.sent >> 8) & 255}.${this.sent & 255}`,
      headers: { ...request.headers, ...(request.signedIn && this.token ? { cookie: `${SESSION_COOKIE}=${this.token}` } : {}) },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE);
    if (request.signedIn && cookie) this.token = cookie.value && cookie.maxAge !== 0 ? cookie.value : undefined;
    return response;
  }
}

/** The rules every single answer keeps, whoever asks and whatever they send. */
function brokenRules(request: FuzzRequest, response: LightMyRequestResponse, secrets: readonly string[]): string[] {
  const rules: string[] = [];
  const status = response.statusCode;
  if (status >= 500) rules.push('no 5xx');
  if (status >= 400 && status < 500 && !refusalMessage(response)) rules.push('a refusal carries a message');
  if (request.crossSite && status < 300) rules.push('a write from another origin is refused');
  const answer = response.body + JSON.stringify(response.headers);
  if (secrets.some((secret) => answer.includes(secret))) rules.push('no secret in any answer');
  return rules;
}

/**
 * A call that answers 401 to someone signed out must do so whatever well-formed input they send: answering 400 tells
 * a stranger how to shape a call they may not make. Learned from the run itself, so new calls are covered.
 */
class SignedOutRefusals {
  private readonly unauthorized = new Set<string>();
  private readonly badRequests = new Map<string, FuzzFailure>();

  record(request: FuzzRequest, response: LightMyRequestResponse): void {
    if (request.signedIn || request.target.startsWith('trpc batch') || !wellFormed(request)) return;
    if (response.statusCode === 401 && response.body.includes(SERVER_MESSAGES.notSignedIn)) this.unauthorized.add(request.target);
    if (response.statusCode === 400 && !this.badRequests.has(request.target)) {
      this.badRequests.set(request.target, failureOf('signed out is 401, not 400', request, response));
    }
  }

  failures(): FuzzFailure[] {
    return [...this.badRequests].filter(([target]) => this.unauthorized.has(target)).map(([, failure]) => failure);
  }
}

/**
 * A path that decodes and a body that parses: only then is a 400 about the input rather than the request itself.
 * Fastify refuses prototype keys in JSON before any route runs, by design.
 */
function wellFormed(request: FuzzRequest): boolean {
  if (/"(__proto__|constructor)"/.test(request.payload ?? '')) return false;
  try {
    decodeURIComponent(request.url);
    if (request.payload !== undefined) JSON.parse(request.payload);
    return true;
  } catch {
    return false;
  }
}

function failureOf(rule: string, request: FuzzRequest, response: LightMyRequestResponse): FuzzFailure {
  return {
    rule,
    target: request.target,
    status: response.statusCode,
    request: describeRequest(request),
    body: response.body.slice(0, 300),
  };
}

async function healthProblems(arena: Arena): Promise<string[]> {
  const { app, db } = arena.subject;
  const problems: string[] = [];
  for (const url of ['/api/health', '/api/ready']) {
    const response = await app.inject({ method: 'GET', url });
    if (response.statusCode !== 200) problems.push(`${url} answered ${response.statusCode}`);
  }
  const { token } = await createSession(db, arena.actorId, new Date());
  const normal = await app.inject({ method: 'GET', url: '/api/user/preferences', cookies: { [SESSION_COOKIE]: token } });
  if (normal.statusCode !== 200) problems.push(`GET /api/user/preferences answered ${normal.statusCode}`);
  return problems;
}

function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : ` ${request.payload.length > 300 ? `${request.payload.slice(0, 300)}… (${request.payload.length} chars)` : request.payload}`;
  const url = request.url.length > 300 ? `${request.url.slice(0, 300)}… (${request.url.length} chars)` : request.url;
  return `${request.signedIn ? 'signed in' : 'signed out'} ${request.method} ${url} ${JSON.stringify(request.headers)}${payload}`;
}

/**
 * Runs `cases` generated requests against the real app and checks every answer, then that the other person's rows
 * are exactly as before and that the server is still healthy. Every broken rule is collected, not just the first.
 */
export async function runFuzz(options: { cases: number; seed: number; backend: TestBackend }): Promise<FuzzSummary> {
  const started = Date.now();
  const arena = await openArena(options.backend);
  try {
    const before = await arena.otherUserRows();
    const signedOut = new SignedOutRefusals();
    const actor = new Actor(arena);
    const statuses: Record<string, number> = {};
    const failures: FuzzFailure[] = [];
    await fc.assert(
      fc.asyncProperty(fuzzRequest(arena.world), async (request) => {
        const response = await actor.send(request);
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
        signedOut.record(request, response);
        for (const rule of brokenRules(request, response, arena.secrets)) failures.push(failureOf(rule, request, response));
      }),
      { numRuns: options.cases, seed: options.seed, endOnFailure: true },
    );
    failures.push(...signedOut.failures());
    if ((await arena.otherUserRows()) !== before) {
      failures.push({ rule: 'nothing another person owns changes', target: '(whole run)', status: 0, request: '', body: '' });
    }
    for (const problem of await healthProblems(arena)) {
      failures.push({ rule: 'healthy at the end', target: '(whole run)', status: 0, request: problem, body: '' });
    }
    return { cases: options.cases, statuses, failures, seed: options.seed, durationMs: Date.now() - started };
  } finally {
    await arena.subject.close();
  }
}

/** One failure per rule and target, the first request that broke it as the example. */
export function distinctFailures(failures: readonly FuzzFailure[]): FuzzFailure[] {
  const seen = new Map<string, FuzzFailure>();
  for (const failure of failures) {
    const key = `${failure.rule} | ${failure.target} | ${failure.status}`;
    if (!seen.has(key)) seen.set(key, failure);
  }
  return [...seen.values()];
}

export function summaryLine(summary: FuzzSummary): string {
  const statuses = Object.entries(summary.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  return `fuzz: ${summary.cases} cases, statuses ${statuses}, ${summary.failures.length} failures (${distinctFailures(summary.failures).length} distinct), seed ${summary.seed}, ${(summary.durationMs / 1000).toFixed(1)} s`;
}
