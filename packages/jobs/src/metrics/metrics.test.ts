import { insertUserWithPreferences, newPreferences, replaceConnectionEvents } from '@breaker/db';
import { connectTestFeed, openTestDatabase } from '@breaker/db/testing';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphFailure } from '../providers/microsoft/graph-client.js';
import { withProviderRetries, type RetriedProvider } from '../providers/provider-retries.js';
import { runJob } from '../registry.js';
import { databaseOnlyHost } from '../testing.js';
import { startMetricsServer, type MetricsServer } from './metrics-server.js';
import { createMetricsRegistry } from './registry.js';

const TOKEN = 'worker-operator-token-0123456789';

/** The value of the first sample of `name` with all of `labels`; 0 when the series has no sample yet. */
function sampleValue(metrics: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = metrics
    .split('\n')
    .find((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && wanted.every((label) => l.includes(label)));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

const noWait = { sleep: () => Promise.resolve() };

/** One call through the retry policy: each attempt fails with the next of `failures`, and once they run out it succeeds. */
function callFailingFirst(provider: RetriedProvider, failures: unknown[]): Promise<string> {
  return withProviderRetries(
    provider,
    async () => {
      const next = failures.shift();
      if (next) throw next;
      return 'events';
    },
    noWait,
  );
}

/** A failure shaped like the Google client's errors. */
function googleError(status: number, reason?: string): Error {
  return Object.assign(new Error(`google said ${status}`), {
    response: { status, data: reason ? { error: { errors: [{ reason }] } } : {}, headers: {} },
  });
}

describe("the worker's metrics server", () => {
  let healthy = true;
  let server: MetricsServer;
  let closedServer: MetricsServer;
  const url = (path: string, target = server) => `http://127.0.0.1:${target.port}${path}`;
  const scrape = async () => {
    const response = await fetch(url('/metrics'), { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  };
  let database: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    const registry = createMetricsRegistry('worker');
    server = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      operatorToken: TOKEN,
      registry,
      healthy: async () => healthy,
    });
    closedServer = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      operatorToken: undefined,
      registry,
      healthy: async () => true,
    });
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await server?.close();
    await closedServer?.close();
    await database?.dispose();
  });

  it('answers its health for the container check, 503 while the database or Redis do not answer', async () => {
    expect((await fetch(url('/health'))).status).toBe(200);
    healthy = false;
    const down = await fetch(url('/health'));
    expect(down.status).toBe(503);
    expect(await down.json()).toHaveProperty('message');
    healthy = true;
  });

  it('serves metrics only with the operator token, and not at all without one configured', async () => {
    const refused = await fetch(url('/metrics'));
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Basic realm="Breaker operators"/);
    expect((await fetch(url('/metrics'), { headers: { authorization: 'Bearer wrong-token-wrong-token' } })).status).toBe(401);
    const basic = `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}`;
    expect((await fetch(url('/metrics'), { headers: { authorization: basic } })).status).toBe(200);
    expect((await fetch(url('/metrics', closedServer), { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    expect((await fetch(url('/health', closedServer))).status).toBe(200);
  });

  it('counts placement runs, the breaks they could not place, and failed jobs by queue', async () => {
    const deps = { db: database.db, log: pino({ level: 'silent' }), now: () => new Date('2026-11-23T13:00:00Z') };
    const user = await insertUserWithPreferences(
      database.db,
      { username: 'booked', email: null },
      newPreferences({ break_frequency: 4, work_start_time: '09:00', work_end_time: '17:00', timezone: 'UTC' }),
    );
    const connection = await connectTestFeed(database.db, user.id);
    // Tuesday is one meeting from before work to after it: no room for any of its 4 breaks.
    await replaceConnectionEvents(database.db, connection, [
      {
        calendarId: 'feed',
        externalId: 'all-day-workshop',
        title: 'Workshop',
        start: new Date('2026-11-24T08:00:00Z'),
        end: new Date('2026-11-24T18:00:00Z'),
        isAllDay: false,
        blocksTime: true,
        showAs: 'busy',
      },
    ]);
    const before = await scrape();
    // A hosted run, as the worker makes it; the write-back it hands on is not this test's concern.
    const host = databaseOnlyHost(deps);
    const result = await runJob(host, 'place-breaks', { userId: user.id, trigger: 'refresh' });
    const missing = result.shortfalls.reduce((sum, day) => sum + day.asked - day.placed, 0);
    expect(missing).toBeGreaterThanOrEqual(4);
    await expect(runJob(host, 'place-breaks', { userId: randomUUID(), trigger: 'refresh' })).rejects.toThrow();

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(delta('breaker_placement_runs_total')).toBe(1);
    expect(delta('breaker_placement_shortfall_breaks_total')).toBe(missing);
    expect(delta('breaker_job_duration_seconds_count', { queue: 'place-breaks', outcome: 'completed' })).toBe(1);
    expect(delta('breaker_job_duration_seconds_count', { queue: 'place-breaks', outcome: 'failed' })).toBe(1);
    expect(delta('breaker_job_failures_total', { queue: 'place-breaks' })).toBe(1);
    expect(after).toContain('service="worker"');
  });

  it('counts Google calls by outcome: ok, retry, rate-limited, timeout and error', async () => {
    const before = await scrape();
    const timeout = Object.assign(new Error('aborted'), { name: 'AbortError' });
    await callFailingFirst('google', [googleError(503), googleError(429), googleError(403, 'userRateLimitExceeded'), timeout]);
    await expect(
      withProviderRetries(
        'google',
        async () => {
          throw googleError(404);
        },
        noWait,
      ),
    ).rejects.toThrow();

    const after = await scrape();
    const delta = (outcome: string) =>
      sampleValue(after, 'breaker_provider_api_calls_total', { provider: 'google', outcome }) -
      sampleValue(before, 'breaker_provider_api_calls_total', { provider: 'google', outcome });
    expect(delta('retry')).toBe(1);
    expect(delta('rate-limited')).toBe(2);
    expect(delta('timeout')).toBe(1);
    expect(delta('ok')).toBe(1);
    expect(delta('error')).toBe(1);
  });

  it('counts Microsoft Graph calls under their own provider label, through the same retry policy', async () => {
    const before = await scrape();
    const throttled = new GraphFailure({ status: 429, data: { error: { code: 'TooManyRequests' } }, headers: new Headers() });
    await callFailingFirst('microsoft', [throttled]);
    const after = await scrape();
    const delta = (provider: string, outcome: string) =>
      sampleValue(after, 'breaker_provider_api_calls_total', { provider, outcome }) -
      sampleValue(before, 'breaker_provider_api_calls_total', { provider, outcome });
    expect(delta('microsoft', 'rate-limited')).toBe(1);
    expect(delta('microsoft', 'ok')).toBe(1);
    expect(delta('google', 'ok')).toBe(0);
  });
});
