import { AppError, SERVER_MESSAGES } from '@breaker/api-contract';
import { ProviderUnavailable } from '@breaker/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './app.test-support.js';
import { logRequestFailure, toHttpError } from './errors.js';
import { createQueueRunner } from './jobs/queue-runner.js';
import { LEVEL, startLoggedApp, type LoggedApp } from './logged-app.test-support.js';
import { startPrivateRedis, stopAllProcesses, type PrivateRedis } from './resilience/processes.test-support.js';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });

/** What logRequestFailure writes for `error`, one entry per line. */
function loggedFor(
  error: unknown,
  responseClosed = false,
): { level: string; details: Record<string, unknown>; message: string }[] {
  const lines: { level: string; details: Record<string, unknown>; message: string }[] = [];
  const log = {
    error: (details: object, message: string) => lines.push({ level: 'error', details: { ...details }, message }),
    warn: (details: object, message: string) => lines.push({ level: 'warn', details: { ...details }, message }),
    info: (details: object, message: string) => lines.push({ level: 'info', details: { ...details }, message }),
  };
  logRequestFailure(log, error, toHttpError(error), responseClosed);
  return lines;
}

describe('how a failed request is logged', () => {
  it('gives a 503 of an unreachable Redis or PostgreSQL one warning line, with the reason and no stack', () => {
    for (const error of [
      new AppError('UNAVAILABLE', SERVER_MESSAGES.unavailable, { cause: refused() }),
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
    ]) {
      expect(toHttpError(error)).toMatchObject({ status: 503, outage: true });
      expect(loggedFor(error)).toEqual([
        {
          level: 'warn',
          details: { statusCode: 503, reason: expect.stringMatching(/ECONNREFUSED|Stream isn't writeable/) },
          message: 'request failed: PostgreSQL or Redis is unreachable',
        },
      ]);
    }
  });

  it("gives a 503 of the user's calendar server being down one warning line with its reason, no stack", () => {
    const error = new ProviderUnavailable('The CalDAV server could not be reached (ECONNREFUSED)');
    expect(toHttpError(error)).toMatchObject({ status: 503, message: error.message, expected: true, outage: false });
    expect(loggedFor(error)).toEqual([
      {
        level: 'warn',
        details: { statusCode: 503, reason: 'The CalDAV server could not be reached (ECONNREFUSED)' },
        message: 'request failed: the calendar server is unreachable',
      },
    ]);
  });

  it('keeps every other 5xx at error level, in full', () => {
    for (const error of [
      new TypeError("Cannot read properties of undefined (reading 'start')"),
      new AppError('UNAVAILABLE', 'Google Calendar is not configured on this server'),
      new AppError('UNAVAILABLE', SERVER_MESSAGES.calendarSyncFailed, { cause: new Error('the feed is not a calendar') }),
    ]) {
      expect(loggedFor(error)).toEqual([{ level: 'error', details: { err: error }, message: 'request failed' }]);
    }
  });

  it('gives an answer cut short because its client left one info line, and the same break on an open response an error', () => {
    const cut = () => Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    expect(loggedFor(cut(), true)).toEqual([
      { level: 'info', details: { reason: 'ERR_STREAM_PREMATURE_CLOSE' }, message: 'request ended early: the client left' },
    ]);
    const brokenOnOpenResponse = cut();
    expect(loggedFor(brokenOnOpenResponse, false)).toEqual([
      { level: 'error', details: { err: brokenOnOpenResponse }, message: 'request failed' },
    ]);
    const bugAfterLeaving = new TypeError("Cannot read properties of undefined (reading 'start')");
    expect(loggedFor(bugAfterLeaving, true)).toEqual([
      { level: 'error', details: { err: bugAfterLeaving }, message: 'request failed' },
    ]);
  });

  it('logs nothing for a client mistake', () => {
    expect(loggedFor(new AppError('BAD_REQUEST', 'Choose at least one work day'))).toEqual([]);
  });
});

describe('a refresh while Redis is down', () => {
  let redis: PrivateRedis;
  let subject: LoggedApp;
  let client: TestClient;
  let userId: string;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    subject = await startLoggedApp({ jobs: (log) => createQueueRunner(redis.url, undefined, log) });
    client = new TestClient(subject.app);
    ({ id: userId } = await client.registerAndSignIn('outage'));
  });
  afterAll(async () => {
    await subject?.close();
    await stopAllProcesses();
  });

  it('answers 503 and logs one warning per request, never an error with a stack, through REST and tRPC alike', async () => {
    await redis.stop();
    const requestIds: string[] = [];
    const attempts = [
      () => client.request('POST', `/api/refresh-breakers/${userId}`),
      () => client.request('POST', `/api/refresh-breakers/${userId}`),
      () => client.request('POST', '/trpc/breaks.refresh', { userId }),
    ];
    for (const attempt of attempts) {
      const response = await attempt();
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      requestIds.push(String(response.headers['x-request-id']));
    }
    await expect.poll(() => subject.lines.filter((line) => line.msg === 'request completed').length).toBeGreaterThan(3);
    for (const requestId of requestIds) {
      const lines = subject.lines.filter((line) => line['requestId'] === requestId);
      expect(lines).toEqual([
        expect.objectContaining({
          level: LEVEL.warn,
          msg: 'request failed: PostgreSQL or Redis is unreachable',
          reason: expect.any(String),
        }),
        expect.objectContaining({ level: LEVEL.info, msg: 'request completed', statusCode: 503 }),
      ]);
      expect(lines[0]).not.toHaveProperty('err');
    }
    expect(subject.lines.filter((line) => line.level >= LEVEL.error)).toEqual([]);
    // The outage itself is reported once, when the reconnects start failing.
    await expect.poll(() => subject.lines.filter((line) => line.msg.startsWith('Redis is unreachable')).length).toBe(1);
  });
});
