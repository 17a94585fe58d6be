/**
 * One user's Refresh Breakers, end to end through the HTTP layer (session check, job, engine, database writes),
 * on PostgreSQL and on the embedded PGlite. Targets: p95 ≤ 15 ms on PostgreSQL, ≤ 30 ms on PGlite.
 *
 *   pnpm --filter @breaker/api bench          (or `pnpm bench` at the root)
 */
import { performance } from 'node:perf_hooks';
import { startTestApp, TestClient } from '../src/app.test-support.js';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 200);
const WARMUP = 20;
const TARGETS = { postgres: 15, pglite: 30 } as const;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
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
    const timings: number[] = [];
    for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
      const started = performance.now();
      const response = await client.request('POST', `/api/refresh-breakers/${user.id}`);
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`refresh answered ${response.statusCode}: ${response.body}`);
      if (round >= WARMUP) timings.push(elapsed);
    }
    timings.sort((a, b) => a - b);
    const p95 = percentile(timings, 95);
    process.stdout.write(
      `refresh on ${backend.padEnd(8)} p50 ${percentile(timings, 50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  p99 ${percentile(timings, 99).toFixed(1)} ms  ` +
        `(target p95 ≤ ${TARGETS[backend]} ms: ${p95 <= TARGETS[backend] ? 'met' : 'missed'}; ${ROUNDS} rounds)\n`,
    );
  } finally {
    await subject.close();
  }
}
