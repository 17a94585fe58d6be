import { QUEUES, SERVER_MESSAGES } from '@breaker/api-contract';
import { createDb, type DatabaseHandle } from '@breaker/db';
import { startFakeGoogle, type EventInput, type FakeGoogle } from '@breaker/fakes/google';
import { Queue } from 'bullmq';
import { DateTime } from 'luxon';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createPrivateCluster,
  freePort,
  sharedSecrets,
  STARTUP_BUDGET_MS,
  startApi,
  startPrivateRedis,
  recentOutput,
  startWorker,
  stopAllProcesses,
  waitFor,
  type ApiProcess,
  type AppEnv,
  type PrivateCluster,
  type PrivateRedis,
  type RunningProcess,
} from './processes.test-support.js';
import { overlaps, Visitor, type Answer, type UpcomingBreak } from './visitor.test-support.js';

const EMAIL = 'ada@example.com';
const EVENTS_LIST = '/calendar/v3/calendars/primary/events';
/** Short enough that a killed worker's job is taken up again within seconds, long enough to renew on a busy machine. */
const JOB_LOCK_MS = '2000';
/** "Fast" for a client: well under the time a person waits before giving up on a button. */
const FAST_MS = 1500;

function tomorrowAt(hour: number, minute = 0): string {
  return DateTime.utc().plus({ days: 1 }).startOf('day').set({ hour, minute }).toISO() ?? '';
}

function meeting(id: string, hour: number): EventInput {
  return { id, summary: `Meeting ${id}`, start: { dateTime: tomorrowAt(hour) }, end: { dateTime: tomorrowAt(hour, 45) } };
}

function message(answer: Answer): unknown {
  return (answer.body as { message?: unknown } | undefined)?.message;
}

/** A 503 with the server's message for an outage, answered at once rather than after a connection timeout. */
function expectFastUnavailable(answer: Answer): void {
  expect(answer.status).toBe(503);
  expect(message(answer)).toBe(SERVER_MESSAGES.unavailable);
  expect(answer.elapsedMs).toBeLessThan(FAST_MS);
}

describe('faults: processes killed, Redis and PostgreSQL restarted, Google failing', () => {
  let cluster: PrivateCluster | undefined;
  let redis: PrivateRedis | undefined;
  let google: FakeGoogle | undefined;
  let database: DatabaseHandle | undefined;
  let api: ApiProcess;
  let worker: RunningProcess;
  let env: AppEnv;
  let visitor: Visitor;
  /** A load balancer's health check: no session. */
  let probe: Visitor;
  let userId: string;

  beforeAll(async () => {
    [cluster, redis] = await Promise.all([createPrivateCluster(), startPrivateRedis()]);
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const client = {
      clientId: 'breaker-faults.apps.example',
      clientSecret: 'faults-secret',
      redirectUris: [`${appUrl}/api/auth/google/callback`, `${appUrl}/api/auth/google/calendar/callback`],
    };
    google = await startFakeGoogle({
      clients: [client],
      accounts: [
        {
          sub: '5005',
          email: EMAIL,
          name: 'Ada Lovelace',
          givenName: 'Ada',
          familyName: 'Lovelace',
          picture: 'https://example.com/ada.png',
          timeZone: 'UTC',
        },
      ],
      autoApprove: true,
    });
    google.setEvents(EMAIL, EMAIL, [meeting('standup', 9)]);
    env = {
      DATABASE_URL: cluster.url,
      REDIS_URL: redis.url,
      APP_URL: appUrl,
      GOOGLE_CLIENT_ID: client.clientId,
      GOOGLE_CLIENT_SECRET: client.clientSecret,
      GOOGLE_BASE_URL: google.origin,
      JOB_LOCK_MS,
      ...sharedSecrets(),
    };
    [api, worker] = await Promise.all([startApi('api', port, env), startWorker('worker-a', env)]);
    database = await createDb({ kind: 'postgres', url: cluster.url, maxConnections: 2 });

    visitor = new Visitor(appUrl);
    probe = new Visitor(appUrl);
    userId = await visitor.signUp(api.url, 'ada');
    await visitor.call(api.url, 'PUT', '/api/user/preferences', {
      preferences: { workDays: [1, 2, 3, 4, 5, 6, 7], timezone: 'UTC', workStartTime: '08:00', workEndTime: '18:00' },
    });
    expect(await visitor.connectGoogle(api.url, EMAIL)).toBe('/calendar?success=calendar_connected');
    await untilMeetingSynced('standup');
    // A fault scheduled while the first sync still writes its breaks to Google would hit those writes instead.
    await untilJobsDone();
    await expectNoDuplicates();
  }, STARTUP_BUDGET_MS);

  afterEach((context) => {
    if (context.task.result?.state === 'fail') process.stderr.write(`${recentOutput()}\n`);
  });

  afterAll(async () => {
    await stopAllProcesses();
    await google?.close();
    await database?.close().catch(() => undefined);
    await redis?.stop();
    await cluster?.destroy();
  });

  async function untilMeetingSynced(id: string): Promise<void> {
    await waitFor(
      `meeting ${id} to be synced`,
      async () => {
        const events = (await visitor.call(api.url, 'GET', '/api/calendar-events')).body as { title: string }[];
        return Array.isArray(events) && events.some((event) => event.title === `Meeting ${id}`);
      },
      { timeoutMs: 40_000 },
    );
  }

  /** No job waiting, running or waiting for a retry: the next request starts a job of its own. */
  async function untilJobsDone(): Promise<void> {
    const queues = [QUEUES.calendarSync, QUEUES.placeBreaks, QUEUES.writeBack].map(
      (name) => new Queue(name, { connection: { host: '127.0.0.1', port: redis?.port ?? 0 } }),
    );
    try {
      await waitFor('every job to be done', async () => {
        const counts = await Promise.all(queues.map((queue) => queue.getJobCounts('active', 'wait', 'delayed')));
        return counts.every((count) => Object.values(count).every((n) => n === 0));
      });
    } finally {
      await Promise.all(queues.map((queue) => queue.close()));
    }
  }

  /** Every meeting once, every break once and not overlapping, and one Breaker event in Google per break. */
  async function expectNoDuplicates(): Promise<void> {
    const fake = google;
    if (!fake) throw new Error('no fake Google');
    const events = (await visitor.call(api.url, 'GET', '/api/calendar-events')).body as { id: string; title: string }[];
    expect(new Set(events.map((event) => event.title)).size).toBe(events.length);
    const breaks = (await visitor.call(api.url, 'GET', '/api/upcoming-breaks')).body as UpcomingBreak[];
    expect(breaks.length).toBeGreaterThan(0);
    expect(new Set(breaks.map((b) => b.scheduledTime)).size).toBe(breaks.length);
    expect(overlaps(breaks)).toEqual([]);
    // Write-back runs after placement: wait until Google holds the current plan, then check it holds nothing more.
    const breakStarts = breaks.map((b) => Date.parse(b.scheduledTime)).sort();
    const breakerStarts = () =>
      fake
        .storedEvents(EMAIL, EMAIL)
        .filter((event) => event.extendedProperties?.private?.['breaker'] === '1' && event.status !== 'cancelled')
        .map((event) => Date.parse(event.start?.dateTime ?? ''))
        .sort();
    await waitFor('the breaks to be written to Google Calendar', () => breakerStarts().join() === breakStarts.join());
  }

  const meetingReads = () =>
    google?.calls.filter(
      (call) => call.method === 'GET' && call.path === EVENTS_LIST && !('privateExtendedProperty' in call.query),
    ).length ?? 0;

  /** A new meeting, and a sync whose read of it Google holds for `holdMs`: the worker is mid-job once this returns. */
  async function syncHeldAtGoogle(event: EventInput, holdMs: number) {
    const fake = google;
    if (!fake) throw new Error('no fake Google');
    fake.upsertEvent(EMAIL, 'primary', event);
    const before = meetingReads();
    fake.hangNext({ path: EVENTS_LIST, ms: holdMs });
    const sync = visitor.call(api.url, 'POST', `/api/calendar/sync/${userId}`);
    await waitFor('the sync to reach Google', () => meetingReads() > before);
    return { before, sync };
  }

  it('retries a sync through a hanging, throttling and failing Google and an expired sync token until it succeeds, without crashing or duplicating events and breaks', async () => {
    const fake = google;
    if (!fake) throw new Error('no fake Google');
    fake.upsertEvent(EMAIL, 'primary', meeting('review', 13));
    const from = fake.calls.length;
    // A hang past the client's 10 s timeout (the fake then also spends the first 429 on that request, unseen), a 429 with
    // Retry-After, a 403 rate limit and a 500; the fifth read gets through to a sync token Google no longer accepts (410).
    fake.invalidateSyncTokens(EMAIL);
    fake.hangNext({ path: EVENTS_LIST, ms: 11_000 });
    fake.failNext({ path: EVENTS_LIST, status: 429, retryAfterSeconds: 1, times: 2 });
    fake.failNext({ path: EVENTS_LIST, status: 403, reason: 'rateLimitExceeded' });
    fake.failNext({ path: EVENTS_LIST, status: 500 });
    const sync = await visitor.call(api.url, 'POST', `/api/calendar/sync/${userId}`);
    expect(sync.status).toBe(200);
    await untilMeetingSynced('review');
    await untilJobsDone();
    const reads = fake.calls
      .slice(from)
      .filter((call) => call.method === 'GET' && call.path === EVENTS_LIST && !('privateExtendedProperty' in call.query));
    expect(reads.length).toBeGreaterThanOrEqual(6);
    // After the 410 the worker read the whole window again, without the token.
    expect(reads.slice(5).some((call) => !('syncToken' in call.query))).toBe(true);
    expect(worker.isRunning()).toBe(true);
    await expectNoDuplicates();
  }, 60_000);

  it('runs a job again on another worker after its worker is killed with SIGKILL mid-job, without duplicate breaks', async () => {
    const { before, sync } = await syncHeldAtGoogle(meeting('planning', 15), 30_000);
    worker.signal('SIGKILL');
    expect(await worker.exited).toMatchObject({ signal: 'SIGKILL' });
    expect((await sync).status).toBe(200);

    worker = await startWorker('worker-b', env);
    await untilMeetingSynced('planning');
    await untilJobsDone();
    expect(meetingReads() - before).toBeGreaterThanOrEqual(2);
    await expectNoDuplicates();
  }, 60_000);

  it('finishes the running job when a worker gets SIGTERM mid-job, then exits 0', async () => {
    const { sync } = await syncHeldAtGoogle(meeting('retro', 16), 2_000);
    worker.signal('SIGTERM');
    expect(await worker.exited).toEqual({ code: 0, signal: null });
    // The job was finished by the stopping worker, not left for another one: no worker is running now.
    const events = (await visitor.call(api.url, 'GET', '/api/calendar-events')).body as { title: string }[];
    expect(events.map((event) => event.title)).toContain('Meeting retro');
    expect((await sync).status).toBe(200);
    worker = await startWorker('worker-c', env);
    await expectNoDuplicates();
  }, 60_000);

  it('answers fast 503s with a message while Redis is down, keeps serving reads, and recovers when Redis is back', async () => {
    await redis?.stop();
    expectFastUnavailable(await visitor.call(api.url, 'POST', `/api/refresh-breakers/${userId}`));
    const ready = await probe.call(api.url, 'GET', '/api/ready');
    expect(ready.status).toBe(503);
    expect(message(ready)).toEqual(expect.stringContaining('queue'));
    expect(ready.elapsedMs).toBeLessThan(FAST_MS * 2);
    expect((await visitor.call(api.url, 'GET', '/api/upcoming-breaks')).status).toBe(200);
    expect((await visitor.call(api.url, 'GET', '/api/auth/user')).status).toBe(200);

    await redis?.start();
    await waitFor('the API to be ready again', async () => (await visitor.call(api.url, 'GET', '/api/ready')).status === 200);
    await waitFor('a refresh to go through the worker again', async () => {
      const again = await visitor.call(api.url, 'POST', `/api/refresh-breakers/${userId}`);
      return again.status === 200 && (again.body as { totalScheduled: number }).totalScheduled > 0;
    });
    expect([api.process.isRunning(), worker.isRunning()]).toEqual([true, true]);
  }, 60_000);

  it('stops an API and a worker within seconds, each exiting 0, when they get SIGTERM while Redis is down', async () => {
    const [spareApi, spareWorker] = await Promise.all([
      startApi('api-spare', await freePort(), env),
      startWorker('worker-spare', env),
    ]);
    await redis?.stop();
    try {
      const stopping = Date.now();
      const exits = await Promise.all(
        [spareApi.process, spareWorker].map((process) => {
          process.signal('SIGTERM');
          return Promise.race([
            process.exited,
            new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 10_000)),
          ]);
        }),
      );
      expect(exits).toEqual([
        { code: 0, signal: null },
        { code: 0, signal: null },
      ]);
      expect(Date.now() - stopping).toBeLessThan(5_000);
    } finally {
      await redis?.start();
    }
  }, 60_000);

  it('answers fast 503s with a message while PostgreSQL is down, and the same processes serve again once it is back', async () => {
    await cluster?.stop();
    expectFastUnavailable(await visitor.call(api.url, 'GET', '/api/upcoming-breaks'));
    expectFastUnavailable(await visitor.call(api.url, 'POST', `/api/refresh-breakers/${userId}`));
    const ready = await probe.call(api.url, 'GET', '/api/ready');
    expect(ready.status).toBe(503);
    expect(message(ready)).toEqual(expect.stringContaining('database'));
    expect((await probe.call(api.url, 'GET', '/api/health')).status).toBe(200);

    await cluster?.start();
    await waitFor('the API to be ready again', async () => (await visitor.call(api.url, 'GET', '/api/ready')).status === 200);
    expect((await visitor.call(api.url, 'GET', '/api/upcoming-breaks')).status).toBe(200);
    const again = await visitor.call(api.url, 'POST', `/api/refresh-breakers/${userId}`);
    expect(again.status).toBe(200);
    expect([api.process.isRunning(), worker.isRunning()]).toEqual([true, true]);
    await expectNoDuplicates();
  }, 60_000);
});
