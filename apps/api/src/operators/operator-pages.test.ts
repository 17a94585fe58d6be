import { QUEUES } from '@breaker/api-contract';
import { type Queue } from 'bullmq';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForSuite, type AppUnderTest, ORIGIN, signInWorkingEveryDay, type TestClient } from '../app.test-support.js';
import { startQueuedTestApp, TEST_REDIS_URL, testQueuePrefix } from '../jobs/queued-test-app.test-support.js';
import { openOperatorQueues, type OperatorQueues } from './operator-queues.js';

const TOKEN = 'operator-token-for-tests-0123456789';
const bearer = { authorization: `Bearer ${TOKEN}` };
const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`ops:${password}`).toString('base64')}` });

/** Names a job's data must never carry: job payloads are ids only. */
const SECRET_LIKE = /token|secret|password|cookie|session|key|credential|code/i;

function get(subject: AppUnderTest, url: string, headers: Record<string, string> = {}) {
  return subject.app.inject({ method: 'GET', url, headers });
}

/** The value of the first sample of `name` that has all of `labels` (in any order, beside others). */
function sampleValue(metrics: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = metrics
    .split('\n')
    .find((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && wanted.every((label) => l.includes(label)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

async function signedInWithBreaks(subject: AppUnderTest, name: string): Promise<{ client: TestClient; id: string }> {
  const { client, userId } = await signInWorkingEveryDay(subject.app, `${name}${randomBytes(3).toString('hex')}`);
  const refreshed = await client.request('POST', `/api/refresh-breakers/${userId}`);
  expect(refreshed.statusCode).toBe(200);
  return { client, id: userId };
}

describe('operator pages without OPERATOR_TOKEN', () => {
  const subject = appForSuite('pglite');

  it('do not exist, whatever is sent', async () => {
    for (const url of ['/admin/queues', '/admin/queues/api/queues', '/metrics']) {
      const response = await get(subject, url, bearer);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toHaveProperty('message');
    }
  });
});

describe('operator pages with jobs in-process', () => {
  const subject = appForSuite('pglite', { env: { OPERATOR_TOKEN: TOKEN } });

  it('ask for the token with a Basic challenge, so a browser prompts', async () => {
    for (const url of ['/admin/queues', '/metrics']) {
      const response = await get(subject, url);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Basic realm="Breaker operators"/);
      expect(response.json()).toHaveProperty('message');
    }
  });

  it('refuse a wrong token, as Bearer or Basic', async () => {
    for (const headers of [{ authorization: 'Bearer not-the-operator-token' }, basic('not-the-operator-token'), basic('')]) {
      expect((await get(subject, '/admin/queues', headers)).statusCode).toBe(401);
      expect((await get(subject, '/metrics', headers)).statusCode).toBe(401);
    }
    expect((await get(subject, '/admin/queues', { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
  });

  it('never open for a signed-in user on the strength of the session cookie', async () => {
    const { client } = await signedInWithBreaks(subject, 'cookie');
    for (const url of ['/admin/queues', '/metrics']) {
      expect((await get(subject, url, { cookie: client.cookieHeader() })).statusCode).toBe(401);
    }
  });

  it('say there is no queue when jobs run inside the API, with the token as Bearer or Basic password', async () => {
    for (const headers of [bearer, basic(TOKEN)]) {
      const response = await get(subject, '/admin/queues', headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('No job queue');
    }
  });

  it('count requests by route pattern and in-process jobs by queue', async () => {
    const { client, id } = await signedInWithBreaks(subject, 'metered');
    await client.request('GET', '/api/upcoming-breaks');
    const response = await get(subject, '/metrics', bearer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const metrics = response.body;
    const requests = 'breaker_http_request_duration_seconds_count';
    expect(
      sampleValue(metrics, requests, { route: '/api/refresh-breakers/:userId', method: 'POST', status_code: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sampleValue(metrics, requests, { route: '/api/upcoming-breaks', method: 'GET' })).toBeGreaterThanOrEqual(1);
    expect(metrics).not.toContain(id);
    expect(
      sampleValue(metrics, 'breaker_job_duration_seconds_count', { queue: 'place-breaks', outcome: 'completed' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sampleValue(metrics, 'breaker_placement_runs_total')).toBeGreaterThanOrEqual(1);
    expect(metrics).toContain('# TYPE breaker_placement_shortfall_breaks_total counter');
    expect(metrics).toContain('process_resident_memory_bytes');
    expect(metrics).not.toContain('breaker_queue_jobs{');
  });

  it('leave the JSON API its strict policy, with no nonce', async () => {
    const response = await get(subject, '/api/health');
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });
});

describe('operator pages with BullMQ queues on Redis', () => {
  const prefix = testQueuePrefix();
  let subject: AppUnderTest;
  let operatorQueues: OperatorQueues;

  beforeAll(async () => {
    operatorQueues = openOperatorQueues(TEST_REDIS_URL, prefix);
    subject = await startQueuedTestApp(prefix, { env: { OPERATOR_TOKEN: TOKEN }, queues: operatorQueues.queues });
  });
  afterAll(async () => {
    await subject?.close();
    await operatorQueues?.close();
  });

  it('serve the dashboard page and its scripts and styles under a self-only CSP, only with the token', async () => {
    const page = await get(subject, '/admin/queues', basic(TOKEN));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/style-src 'self'(;|$)/);
    expect(csp).not.toContain('nonce-');
    expect(csp).not.toContain('unsafe-inline');
    expect(page.body).toContain('<base href="/admin/queues/"');
    const assets = [...page.body.matchAll(/(?:src|href)="(static\/[^"]+\.(?:js|css))"/g)].map((m) => `/admin/queues/${m[1]}`);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      expect((await get(subject, asset, basic(TOKEN))).statusCode, asset).toBe(200);
      expect((await get(subject, asset)).statusCode, asset).toBe(401);
    }
    expect((await get(subject, '/admin/queues')).statusCode).toBe(401);
  });

  it('list every queue, and the queued jobs carry ids only', async () => {
    const { id } = await signedInWithBreaks(subject, 'queued');
    const listing = await get(subject, `/admin/queues/api/queues?activeQueue=${QUEUES.placeBreaks}&status=completed`, bearer);
    expect(listing.statusCode).toBe(200);
    const { queues } = listing.json<{ queues: { name: string; jobs: { data: Record<string, unknown> }[] }[] }>();
    expect(queues.map((q) => q.name).sort()).toEqual(Object.values(QUEUES).sort());
    const placement = queues.find((q) => q.name === QUEUES.placeBreaks);
    const mine = placement?.jobs.filter((job) => job.data['userId'] === id) ?? [];
    expect(mine.length).toBeGreaterThanOrEqual(1);
    for (const job of mine) {
      expect(Object.keys(job.data).sort()).toEqual(['trigger', 'userId']);
      expect(Object.keys(job.data).filter((key) => SECRET_LIKE.test(key))).toEqual([]);
    }
    // Whatever else is queued, on any queue, holds no secret either.
    for (const queue of operatorQueues.queues) {
      for (const job of await queue.getJobs()) {
        expect(
          Object.keys(job.data as object).filter((key) => SECRET_LIKE.test(key)),
          queue.name,
        ).toEqual([]);
      }
    }
  });

  it('retry and clean failed jobs, from the dashboard origin only', async () => {
    const placement = operatorQueues.queues.find((q) => q.name === QUEUES.placeBreaks) as Queue;
    await placement.add(QUEUES.placeBreaks, { userId: randomUUID(), trigger: 'refresh' }, { attempts: 1 });
    await expect.poll(() => placement.getFailedCount(), { timeout: 10_000 }).toBe(1);
    const [failed] = await placement.getFailed();
    const firstFinish = failed?.finishedOn ?? 0;

    const metrics = (await get(subject, '/metrics', bearer)).body;
    expect(sampleValue(metrics, 'breaker_queue_jobs', { queue: 'place-breaks', state: 'failed' })).toBe(1);
    expect(sampleValue(metrics, 'breaker_job_failures_total', { queue: 'place-breaks' })).toBeGreaterThanOrEqual(1);

    const action = (url: string, headers: Record<string, string>) => subject.app.inject({ method: 'PUT', url, headers });
    const retryUrl = `/admin/queues/api/queues/${QUEUES.placeBreaks}/retry/failed`;
    expect((await action(retryUrl, { origin: ORIGIN })).statusCode).toBe(401);
    expect((await action(retryUrl, { ...bearer, origin: 'https://elsewhere.example' })).statusCode).toBe(403);
    expect((await action(retryUrl, { ...bearer, origin: ORIGIN })).statusCode).toBe(200);
    // The job's user does not exist, so the retried job runs and fails again.
    await expect
      .poll(async () => (await placement.getJob(failed?.id ?? ''))?.finishedOn ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(firstFinish);
    await expect.poll(() => placement.getFailedCount(), { timeout: 10_000 }).toBe(1);

    // bull-board's clean keeps jobs that finished in the last 5 seconds.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const clean = await action(`/admin/queues/api/queues/${QUEUES.placeBreaks}/clean/failed`, { ...bearer, origin: ORIGIN });
    expect(clean.statusCode).toBe(200);
    expect(await placement.getFailedCount()).toBe(0);
  });
});

describe('job payload schemas', () => {
  it('name ids and triggers only', async () => {
    const contract = await import('@breaker/api-contract');
    for (const schema of [contract.placeBreaksPayload, contract.calendarSyncPayload, contract.writeBackPayload]) {
      const keys = Object.keys(schema.shape);
      expect(keys.filter((key) => SECRET_LIKE.test(key))).toEqual([]);
      expect(keys.every((key) => key === 'userId' || key === 'trigger')).toBe(true);
    }
  });
});
