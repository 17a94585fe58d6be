import { insertSchedulingRun, listActivities, replaceScheduledBreaks, sql } from '@breaker/db';
import { testPlanningRun, type TestBackend } from '@breaker/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, TestClient, type AppUnderTest } from '../app.test-support.js';

const HOSTILE_TEXT: Record<string, string> = {
  'a NUL': 'stretch\u0000',
  'a lone surrogate': '\ud800stretch',
  'a huge value': 'x'.repeat(100_000),
};
const YEAR_ZERO = '0000-01-01T00:00:00Z';
const SOME_ID = '00000000-0000-4000-8000-000000000000';

type Call = { method: 'PUT' | 'PATCH' | 'POST'; url: string; body: unknown };

/** Every input that takes text, by REST and by tRPC, with `value` where the text goes. */
function textCalls(value: string, breakId: string): Record<string, Call> {
  const preferences = (fields: Record<string, unknown>): Call => ({
    method: 'PUT',
    url: '/api/user/preferences',
    body: { preferences: fields },
  });
  const trpc = (path: string, body: unknown): Call => ({ method: 'POST', url: `/trpc/${path}`, body });
  return {
    'REST preferences breakTypes': preferences({ breakTypes: [value] }),
    'REST preferences equipment': preferences({ equipment: [value] }),
    'REST preferences selectedExercise': preferences({ selectedExercise: value }),
    'REST preferences timezone': preferences({ timezone: value }),
    'REST selected activities': { method: 'PUT', url: '/api/user/selected-activities', body: { selectedActivities: [value] } },
    'REST calendar feed': { method: 'PUT', url: '/api/calendar/ics-feed', body: { url: value } },
    'tRPC preferences breakTypes': trpc('preferences.update', { preferences: { breakTypes: [value] } }),
    'tRPC preferences equipment': trpc('preferences.update', { preferences: { equipment: [value] } }),
    'tRPC preferences selectedExercise': trpc('preferences.update', { preferences: { selectedExercise: value } }),
    'tRPC adopted time zone': trpc('preferences.adoptTimeZone', { timezone: value }),
    'tRPC selected activities': trpc('preferences.saveSelectedActivities', { selectedActivities: [value] }),
    'tRPC break activity': trpc('breaks.changeActivity', { id: breakId, activityId: value }),
    'tRPC calendar feed': trpc('calendar.connectFeed', { url: value }),
  };
}

function dateCalls(value: string, breakId: string): Record<string, Call> {
  return {
    'REST completedAt': { method: 'PATCH', url: `/api/break-sessions/${breakId}`, body: { completedAt: value } },
    'tRPC completedAt': { method: 'POST', url: '/trpc/breaks.update', body: { id: breakId, patch: { completedAt: value } } },
    'tRPC reschedule': { method: 'POST', url: '/trpc/breaks.reschedule', body: { id: breakId, scheduledTime: value } },
    'tRPC add': { method: 'POST', url: '/trpc/breaks.add', body: { from: value } },
  };
}

function expectClientError(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  const json = response.json<{ message?: string; error?: { message?: string } }>();
  expect(json.message ?? json.error?.message).toEqual(expect.stringMatching(/\S/));
}

describe.each<TestBackend>(['pglite', 'postgres'])('hostile values on every signed-in input, on %s', (backend) => {
  let subject: AppUnderTest;
  let client: TestClient;
  let userId: string;
  let breakId: string;

  beforeAll(async () => {
    subject = await startTestApp(backend);
    client = new TestClient(subject.app);
    userId = (await client.registerAndSignIn('hostile-values')).id;
    const [activity] = await listActivities(subject.db);
    const runId = await insertSchedulingRun(subject.db, testPlanningRun(userId));
    const from = new Date(Date.now() - 60 * 60 * 1000);
    const [planted] = await replaceScheduledBreaks(
      subject.db,
      userId,
      from,
      new Date(Date.now() + 24 * 60 * 60 * 1000),
      [{ scheduledTime: new Date(Date.now() + 60 * 60 * 1000), duration: 2, activityId: activity!.id, placementReason: 'test' }],
      runId,
    );
    breakId = planted!.id;
  }, 60_000);
  afterAll(async () => {
    await subject?.close();
  });

  for (const [what, value] of Object.entries(HOSTILE_TEXT)) {
    for (const call of Object.keys(textCalls(value, SOME_ID))) {
      it(`${call} answers ${what} with a 4xx and a message`, async () => {
        const { method, url, body } = textCalls(value, breakId)[call]!;
        expectClientError(await client.request(method, url, body));
      });
    }
  }

  for (const call of Object.keys(dateCalls(YEAR_ZERO, SOME_ID))) {
    it(`${call} answers year 0000 with a 4xx and a message`, async () => {
      const { method, url, body } = dateCalls(YEAR_ZERO, breakId)[call]!;
      expectClientError(await client.request(method, url, body));
    });
  }

  it('stores US/Pacific-New under its canonical name, and the upcoming breaks still answer', async () => {
    const saved = await client.request('PUT', '/api/user/preferences', { preferences: { timezone: 'US/Pacific-New' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ timezone: string }>().timezone).toBe('America/Los_Angeles');
    expect((await client.request('GET', '/api/upcoming-breaks')).statusCode).toBe(200);
  });

  it('answers the upcoming breaks of a user whose stored zone the database rejects, by REST and tRPC', async () => {
    // The zone saved above re-planned the breaks: these are the ones to answer.
    const listed = (await client.request('GET', '/api/upcoming-breaks')).json<{ id: string }[]>().map((entry) => entry.id);
    expect(listed.length).toBeGreaterThan(0);
    await sql`update preferences set timezone = 'US/Pacific-New' where user_id = ${userId}`.execute(subject.db);
    const rest = await client.request('GET', '/api/upcoming-breaks');
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<{ id: string }[]>().map((entry) => entry.id)).toEqual(listed);
    const trpc = await client.request('GET', '/trpc/breaks.upcoming');
    expect(trpc.statusCode, trpc.body).toBe(200);
    expect((await client.request('GET', '/api/auth/user')).statusCode).toBe(200);
  });

  it('takes a username once, whether typed composed or decomposed', async () => {
    const first = new TestClient(subject.app);
    const registered = await first.request('POST', '/api/auth/register', {
      username: 'Jos\u00e9',
      email: 'jose-composed@example.com',
      password: 'correct horse',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const second = new TestClient(subject.app);
    const again = await second.request('POST', '/api/auth/register', {
      username: 'Jose\u0301',
      email: 'jose-decomposed@example.com',
      password: 'correct horse',
    });
    expectClientError(again);
    expect(again.json<{ message: string }>().message).toBe('That username is already taken');
    const signIn = await second.request('POST', '/api/auth/login', { username: 'JOSE\u0301', password: 'correct horse' });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });
});
