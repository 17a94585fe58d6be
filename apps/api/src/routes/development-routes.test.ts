import { SERVER_MESSAGES } from '@breaker/api-contract';
import { hashSecret } from '@breaker/db';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, startTestApp, TestClient, type AppUnderTest } from '../app.test-support.js';
import { createSession } from '../auth/sessions.js';

const HOUR = 60 * 60 * 1000;

/** Each development route with a body it would have read, and the tRPC procedures that do the same. */
const DEVELOPMENT_CALLS = [
  { method: 'POST', url: '/api/auth/test-login', payload: '{}' },
  { method: 'POST', url: '/api/debug/bypass-login', payload: '{}' },
  { method: 'POST', url: '/api/debug/bypass-login', payload: '{"email":' },
  { method: 'POST', url: '/api/debug/automated-test-login', payload: '{}' },
  { method: 'GET', url: '/api/debug/oauth-config' },
  { method: 'POST', url: '/trpc/auth.testLogin', payload: '{}' },
  { method: 'POST', url: '/trpc/auth.emergencyLogin', payload: '{}' },
  { method: 'POST', url: '/trpc/auth.emergencyLogin', payload: '{"email":' },
  { method: 'POST', url: '/trpc/auth.automatedTestLogin', payload: '{}' },
  { method: 'GET', url: '/trpc/auth.oauthConfig' },
] as const;

/** A pino logger writing parsed lines into memory. */
function memoryLogger() {
  const lines: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as { level: number; msg: string });
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

describe('development routes without ALLOW_DEV_LOGIN', () => {
  let subject: AppUnderTest;
  const { logger, lines } = memoryLogger();
  beforeAll(async () => {
    subject = await startTestApp('pglite', { logger });
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('answer 404 Not found over REST and tRPC alike, before a body is read', async () => {
    for (const call of DEVELOPMENT_CALLS) {
      const response = await subject.app.inject({
        method: call.method,
        url: call.url,
        headers: call.method === 'POST' ? { origin: ORIGIN, 'content-type': 'application/json' } : {},
        ...(call.method === 'POST' ? { payload: call.payload } : {}),
      });
      expect({ url: call.url, status: response.statusCode }).toEqual({ url: call.url, status: 404 });
      const json = response.json<{ message?: string; error?: { message: string } }>();
      expect(json.message ?? json.error?.message).toBe(SERVER_MESSAGES.notFound);
    }
  });

  it('are not announced at start-up', () => {
    expect(lines.filter((line) => line.msg.includes('ALLOW_DEV_LOGIN'))).toEqual([]);
  });

  it('refuse and delete a development session opened while they were on', async () => {
    const client = new TestClient(subject.app);
    const user = await client.registerAndSignIn('former-developer');
    const { token } = await createSession(subject.db, user.id, new Date(), { development: true });
    const response = await subject.app.inject({ method: 'GET', url: '/api/auth/user', cookies: { breaker_session: token } });
    expect(response.statusCode).toBe(401);
    const left = await subject.db.selectFrom('sessions').select('id').where('id', '=', hashSecret(token)).execute();
    expect(left).toEqual([]);
    // The person's ordinary session is untouched.
    expect((await client.request('GET', '/api/auth/user')).statusCode).toBe(200);
  });
});

describe('development routes with ALLOW_DEV_LOGIN', () => {
  let subject: AppUnderTest;
  let clock = Date.now();
  const { logger, lines } = memoryLogger();
  beforeAll(async () => {
    subject = await startTestApp('pglite', { env: { ALLOW_DEV_LOGIN: 'true' }, logger, now: () => new Date(clock) });
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('are named at start-up in one warning line', () => {
    const announced = lines.filter((line) => line.msg.includes('ALLOW_DEV_LOGIN'));
    expect(announced).toHaveLength(1);
    expect(announced[0]!.level).toBe(40);
    for (const name of [
      'POST /api/auth/test-login',
      'POST /api/debug/bypass-login',
      'POST /api/debug/automated-test-login',
      'GET /api/debug/oauth-config',
      'tRPC auth.testLogin',
      'tRPC auth.automatedTestLogin',
      'tRPC auth.emergencyLogin',
      'tRPC auth.oauthConfig',
    ]) {
      expect(announced[0]!.msg).toContain(name);
    }
  });

  it('open a development session that lasts one hour and is not extended', async () => {
    clock = Date.now();
    const client = new TestClient(subject.app);
    const login = await client.request('POST', '/api/debug/bypass-login', { email: 'short-lived@example.com' });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name === 'breaker_session')!;
    expect(cookie.maxAge).toBe(HOUR / 1000);
    const stored = await subject.db
      .selectFrom('sessions')
      .select('development')
      .where('id', '=', hashSecret(cookie.value))
      .executeTakeFirstOrThrow();
    expect(stored.development).toBe(true);
    const start = clock;
    clock = start + 50 * 60 * 1000;
    const late = await client.request('GET', '/api/auth/user');
    expect(late.statusCode).toBe(200);
    expect(late.cookies).toEqual([]);
    clock = start + HOUR + 1000;
    expect((await client.request('GET', '/api/auth/user')).statusCode).toBe(401);
    clock = Date.now();
  });

  it('leave a password sign-in its ordinary lifetime', async () => {
    clock = Date.now();
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('ordinary');
    clock += 2 * HOUR;
    expect((await client.request('GET', '/api/auth/user')).statusCode).toBe(200);
    clock = Date.now();
  });
});
