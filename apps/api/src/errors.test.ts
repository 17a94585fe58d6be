import { SERVER_MESSAGES } from '@breaker/api-contract';
import { insertBreak, listActivities } from '@breaker/db';
import { insertTestUser, openTestDatabase } from '@breaker/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHttpError } from './errors.js';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('unreachable PostgreSQL or Redis', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['PostgreSQL shutting down', withCode('terminating connection due to administrator command', '57P01')],
    ['PostgreSQL still starting', withCode('the database system is starting up', '57P03')],
    ['a pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['Redis offline', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['a wrapped cause', new Error('query failed', { cause: withCode('read ECONNRESET', 'ECONNRESET') })],
  ])('answers 503 with the unavailable message for %s', (_name, error) => {
    expect(toHttpError(error)).toMatchObject({ status: 503, message: SERVER_MESSAGES.unavailable, retryAfterSeconds: 5 });
  });

  it('still answers 500 for an unexpected failure that is not about a connection', () => {
    expect(toHttpError(withCode('duplicate key value violates unique constraint', '23505'))).toMatchObject({
      status: 500,
      message: SERVER_MESSAGES.internal,
    });
  });
});

describe('a write the database refuses because two breaks would overlap', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('answers 409 with a message instead of a 500', async () => {
    const db = database!.db;
    const { user } = await insertTestUser(db, { username: 'overlap' });
    const [activity] = await listActivities(db);
    const at = (minute: number) => ({
      activityId: activity!.id,
      scheduledTime: new Date(Date.UTC(2026, 10, 23, 10, minute)),
      duration: 3,
      placementReason: 'by hand',
    });
    await insertBreak(db, user.id, at(0));
    const refused = await insertBreak(db, user.id, at(2)).then(
      () => expect.fail('the overlapping break was stored'),
      (error: unknown) => error,
    );
    expect(toHttpError(refused)).toEqual({ status: 409, message: SERVER_MESSAGES.breakOverlaps, expected: true, outage: false });
  });
});
