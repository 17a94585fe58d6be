/* eslint-disable no-restricted-globals -- a benchmark script, not engine code: it reads its settings and prints. */
/**
 * The engine alone: 10,000 synthetic users × 6 days × 30 meetings a day, from epoch-millisecond input built
 * beforehand (seeded, so every run times the same work). Target: all of them in ≤ 0.5 s on one core.
 *
 *   pnpm --filter @breaker/scheduler bench            (or `pnpm bench` at the root, through turbo)
 *   BENCH_USERS=2000 BENCH_ROUNDS=3 pnpm --filter @breaker/scheduler bench
 */
import { DateTime } from 'luxon';
import { performance } from 'node:perf_hooks';
import { unsafeUniformIntDistribution, xoroshiro128plus } from 'pure-rand';
import { emitRow, fmt, spreadOf } from '../../../bench/row.js';
import { cataloguePool } from '../src/catalogue-pool.test-support.js';
import { placeBreaks, type PlacementInput, type PlannableActivity } from '../src/index.js';

const USERS = Number(process.env['BENCH_USERS'] ?? 10_000);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 7);
const DAYS = 6;
const MEETINGS_PER_DAY = 30;
const TARGET_MS = 500;

const generator = xoroshiro128plus(20261123);
const int = (min: number, max: number): number => unsafeUniformIntDistribution(min, max, generator);
const pickOne = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;

const zones = [
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'Asia/Kolkata',
  'Australia/Sydney',
  'Asia/Tokyo',
  'UTC',
];
const starts = ['07:00', '08:00', '09:00', '10:00'];
const ends = ['16:00', '17:00', '18:00', '19:00'];
const lengths = [10, 15, 20, 25, 30, 45, 60];
const types = [...new Set(cataloguePool.map((a) => a.type))];
const pools: PlannableActivity[][] = [
  [...cataloguePool],
  ...types.map((type) => cataloguePool.filter((a) => a.type === type || a.type === 'eye-rest')),
  cataloguePool.filter((a) => a.duration <= 2),
];
/** Monday 2026-11-23, 06:00 UTC, give or take a few hours per user. */
const baseNow = Date.UTC(2026, 10, 23, 6, 0);

function syntheticUser(u: number): PlacementInput {
  const timeZone = pickOne(zones);
  const now = baseNow + int(0, 8 * 60) * 60_000;
  const today = DateTime.fromMillis(now, { zone: timeZone }).startOf('day');
  const busy: { start: number; end: number }[] = [];
  for (let d = 0; d < DAYS; d += 1) {
    const dayStart = today.plus({ days: d }).set({ hour: 7 }).toMillis();
    for (let m = 0; m < MEETINGS_PER_DAY; m += 1) {
      const start = dayStart + int(0, (12 * 60) / 5) * 5 * 60_000;
      busy.push({ start, end: start + pickOne(lengths) * 60_000 });
    }
  }
  busy.sort((x, y) => x.start - y.start);
  const pool = pickOne(pools);
  const existing =
    u % 5 === 0 ? [{ start: now - 2 * 3_600_000, duration: 2, status: 'completed' as const, activityId: pool[0]!.id }] : [];
  return {
    timeZone,
    workStart: pickOne(starts),
    workEnd: pickOne(ends),
    breaksPerDay: int(3, 6),
    workDays: [1, 2, 3, 4, 5],
    horizonDays: DAYS,
    now,
    busy,
    existing,
    activities: pool,
    seed: int(-2_147_483_648, 2_147_483_647),
  };
}

const inputs = Array.from({ length: USERS }, (_, u) => syntheticUser(u));
const meetings = inputs.reduce((n, input) => n + input.busy.length, 0);
process.stdout.write(`${USERS} users × ${DAYS} days × ${MEETINGS_PER_DAY} meetings (${meetings} meetings), ${ROUNDS} rounds\n`);

let placed = 0;
// Warm-up round: JIT and the zone memo (the worker process keeps both warm between jobs).
for (const input of inputs) placed += placeBreaks(input).breaks.length;

const times: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  placed = 0;
  const started = performance.now();
  for (const input of inputs) placed += placeBreaks(input).breaks.length;
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
const verdict = median <= TARGET_MS ? 'within' : 'OVER';
process.stdout.write(
  `placeBreaks, all users: median ${median.toFixed(0)} ms, min ${times[0]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms ` +
    `(${((median * 1000) / USERS).toFixed(1)} µs a user; ${placed} breaks placed) — ${verdict} the ${TARGET_MS} ms target\n`,
);
emitRow({
  area: 'engine',
  figure: `placement alone, ${fmt(USERS)} users × ${DAYS} days × ${MEETINGS_PER_DAY} meetings`,
  measured: `${fmt(median)} ms median`,
  baseline: '—',
  ratio: '—',
  target: `≤ ${TARGET_MS} ms`,
  met: median <= TARGET_MS,
  spread: spreadOf(times, 0, ' ms'),
});
