/**
 * One user's Refresh Breakers, end to end through the HTTP layer (session check, job, engine, database writes),
 * on PostgreSQL and on the embedded PGlite. Targets: p95 ≤ 15 ms on PostgreSQL, ≤ 30 ms on PGlite.
 * Baseline in the same run: `GET /api/auth/user` (the session check alone), so the ratio shows what the job adds.
 *
 *   pnpm --filter @breaker/api bench          (or `pnpm bench` at the root)
 *   BENCH_ROUNDS=5 BENCH_REQUESTS=60 …        rounds, and requests per round
 */
import { performance } from 'node:perf_hooks';
import { emitRow, fmt, median, percentile, spreadOf } from '../../../bench/row.js';
import { startTestApp, TestClient } from '../src/app.test-support.js';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 60);
const WARMUP = 20;
const TARGETS = { postgres: 15, pglite: 30 } as const;

async function p95Of(client: TestClient, method: 'GET' | 'POST', url: string, count: number): Promise<number> {
  const timings: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await client.request(method, url);
    timings.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  }
  return percentile(
    timings.sort((a, b) => a - b),
    95,
  );
}

for (const backend of ['postgres', 'pglite'] as const) {
  const subject = await startTestApp(backend);
  try {
    const client = new TestClient(subject.app);
    const user = await client.registerAndSignIn('bencher');
    await client.request('PUT', '/api/user/preferences', {
      preferences: {
        breakFrequency: 5,
        workStartTime: '08:00',
        workEndTime: '18:00',
        timezone: 'Europe/Berlin',
        workDays: [1, 2, 3, 4, 5, 6, 7],
      },
    });
    const refreshUrl = `/api/refresh-breakers/${user.id}`;
    await p95Of(client, 'POST', refreshUrl, WARMUP);
    await p95Of(client, 'GET', '/api/auth/user', WARMUP);
    const refresh: number[] = [];
    const sessionOnly: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      sessionOnly.push(await p95Of(client, 'GET', '/api/auth/user', REQUESTS));
      refresh.push(await p95Of(client, 'POST', refreshUrl, REQUESTS));
    }
    const p95 = median(refresh);
    const baseline = median(sessionOnly);
    process.stdout.write(`refresh on ${backend}: p95 per round ${refresh.map((t) => t.toFixed(1)).join(', ')} ms\n`);
    emitRow({
      area: 'jobs',
      figure: `one user's refresh, end to end, ${backend === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
      measured: `${fmt(p95, 1)} ms p95`,
      baseline: `session check alone ${fmt(baseline, 1)} ms p95`,
      ratio: `${fmt(p95 / baseline, 1)}×`,
      target: `p95 ≤ ${TARGETS[backend]} ms`,
      met: p95 <= TARGETS[backend],
      spread: `${spreadOf(refresh, 1, ' ms')} of ${REQUESTS}`,
    });
  } finally {
    await subject.close();
  }
}
