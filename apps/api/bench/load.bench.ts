/**
 * The API under load (issue #7 item 6, issue #8 item 1): the built API in its own process, 1,000 users each with a
 * session cookie, autocannon at 50 connections against `GET /api/upcoming-breaks` and its tRPC twin, next to a bare
 * node:http server answering the same bytes (the baseline, measured in the same run, rounds interleaved).
 * Then a longer run that samples the API's resident memory, and sign-ins while one address hammers wrong passwords.
 *
 *   BENCH_ROUND_SECONDS=5   length of each throughput round (3 rounds of each)
 *   BENCH_LOAD_SECONDS=60   length of the memory run; 60 s keeps all of pnpm bench under 15 minutes, issue #7's
 *                           2-minute run is BENCH_LOAD_SECONDS=120
 */
import { emitRow, fmt, median, ratioSpread, ratioText, spreadOf } from '../../../bench/row.js';
import { cannonRound, type CannonRound } from './support/cannon.js';
import { measureLoginUnderAttack } from './support/login-under-attack.js';
import { startBackend } from './support/backend.js';
import { residentMegabytes, startRawServer, type Served } from './support/processes.js';

const USERS = 1000;
const CONNECTIONS = 50;
const ROUNDS = 3;
const ROUND_SECONDS = Number(process.env['BENCH_ROUND_SECONDS'] ?? 5);
const LOAD_SECONDS = Number(process.env['BENCH_LOAD_SECONDS'] ?? 60);
const PORTS = { postgres: 3411, raw: 3412, pglite: 3413 } as const;
const REST = '/api/upcoming-breaks';
const TRPC = '/trpc/breaks.upcoming';

let totalErrors = 0;
let totalRequests = 0;

async function round(target: Served, path: string, cookies: readonly string[], seconds = ROUND_SECONDS): Promise<CannonRound> {
  const headers = cookies.map((cookie) => ({ cookie }));
  const result = await cannonRound({ url: target.url, path, seconds, connections: CONNECTIONS, headers });
  totalErrors += result.errors + result.non2xx;
  totalRequests += result.requests;
  return result;
}

/** Rounds of the baseline and of each path, interleaved so that noise from the shared machine hits all alike. */
async function interleaved(raw: Served, api: Served, cookies: readonly string[], paths: readonly string[]) {
  await round(raw, REST, []);
  for (const path of paths) await round(api, path, cookies, 2);
  const rounds = { raw: [] as CannonRound[], ...Object.fromEntries(paths.map((path) => [path, [] as CannonRound[]])) };
  for (let r = 0; r < ROUNDS; r += 1) {
    rounds.raw.push(await round(raw, REST, []));
    for (const path of paths) (rounds as Record<string, CannonRound[]>)[path]!.push(await round(api, path, cookies));
  }
  return rounds as Record<string, CannonRound[]>;
}

const ratios = (of: readonly CannonRound[], to: readonly CannonRound[]): number[] => of.map((r, i) => r.rps / to[i]!.rps);

const postgres = await startBackend('postgres', PORTS.postgres, USERS);
const cookies = postgres.users.map((u) => u.cookie);
const sample = await fetch(`${postgres.api.url}${REST}`, { headers: { cookie: cookies[0]! } });
const sampleBody = await sample.text();
process.stdout.write(`upcoming-breaks answer: ${sampleBody.length} bytes, ${JSON.parse(sampleBody).length} breaks\n`);
const raw = await startRawServer(PORTS.raw, {
  body: sampleBody,
  headers: { 'content-type': sample.headers.get('content-type') ?? 'application/json' },
});
try {
  const pg = await interleaved(raw, postgres.api, cookies, [REST, TRPC]);
  const rawRps = median(pg['raw']!.map((r) => r.rps));
  emitRow({
    area: 'API',
    figure: 'baseline: bare node:http answering the same bytes',
    measured: `${fmt(rawRps)} rps`,
    baseline: '—',
    ratio: '—',
    target: '—',
    met: null,
    spread: spreadOf(
      pg['raw']!.map((r) => r.rps),
      0,
      ' rps',
    ),
  });
  const restRatios = ratios(pg[REST]!, pg['raw']!);
  const restP99 = Math.max(...pg[REST]!.map((r) => r.p99));
  emitRow({
    area: 'API',
    figure: `GET ${REST}, PostgreSQL, ${CONNECTIONS} connections, ${USERS} users`,
    measured: `${fmt(median(pg[REST]!.map((r) => r.rps)))} rps, p99 ${fmt(restP99)} ms`,
    baseline: `node:http ${fmt(rawRps)} rps`,
    ratio: ratioText(median(restRatios)),
    target: '≥ 20 %, p99 ≤ 80 ms',
    met: median(restRatios) >= 0.2 && restP99 <= 80,
    spread: ratioSpread(restRatios),
  });
  const trpcRatios = ratios(pg[TRPC]!, pg[REST]!);
  emitRow({
    area: 'API',
    figure: `tRPC twin ${TRPC}, PostgreSQL`,
    measured: `${fmt(median(pg[TRPC]!.map((r) => r.rps)))} rps, p99 ${fmt(Math.max(...pg[TRPC]!.map((r) => r.p99)))} ms`,
    baseline: `REST shim ${fmt(median(pg[REST]!.map((r) => r.rps)))} rps`,
    ratio: ratioText(median(trpcRatios)),
    target: '≥ 70 %',
    met: median(trpcRatios) >= 0.7,
    spread: ratioSpread(trpcRatios),
  });

  const memory: number[] = [residentMegabytes(postgres.api.pid)];
  const sampler = setInterval(() => memory.push(residentMegabytes(postgres.api.pid)), 1000);
  const long = await round(postgres.api, REST, cookies, LOAD_SECONDS);
  clearInterval(sampler);
  const third = Math.max(1, Math.floor(memory.length / 3));
  const early = median(memory.slice(0, third));
  const late = median(memory.slice(-third));
  const growth = (late - early) / early;
  emitRow({
    area: 'API',
    figure: `API memory (RSS) over a ${LOAD_SECONDS} s load run, PostgreSQL`,
    measured: `${fmt(early)} → ${fmt(late)} MB (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %)`,
    baseline: 'first third of the run',
    ratio: ratioText(late / early),
    target: 'flat: last third within +10 %',
    met: growth <= 0.1,
    spread: `${fmt(Math.min(...memory))}–${fmt(Math.max(...memory))} MB over ${memory.length} samples; ${fmt(long.rps)} rps, p99 ${fmt(long.p99)} ms`,
  });

  const attack = await measureLoginUnderAttack(postgres.api.url, postgres.users, 20);
  emitRow({
    area: 'API',
    figure: 'sign-ins of others while one address hammers wrong passwords',
    measured: `${attack.othersSucceeded}/${attack.othersTried} signed in, p95 ${fmt(attack.attackedP95)} ms; attacker: ${attack.attackerRefused}/${attack.attackerAttempts} answered 429`,
    baseline: `quiet sign-ins p95 ${fmt(attack.quietP95)} ms`,
    ratio: `${fmt(attack.attackedP95 / attack.quietP95, 2)}×`,
    target: 'all sign in, p95 ≤ 2× quiet, attacker gets 429s',
    met: attack.othersSucceeded === attack.othersTried && attack.attackedP95 <= 2 * attack.quietP95 && attack.attackerRefused > 0,
    spread: `${attack.othersTried / 2} sign-ins per phase`,
  });
  await postgres.cleanUp();

  const pglite = await startBackend('pglite', PORTS.pglite, USERS);
  try {
    const lite = await interleaved(
      raw,
      pglite.api,
      pglite.users.map((u) => u.cookie),
      [REST],
    );
    const liteRatios = ratios(lite[REST]!, lite['raw']!);
    emitRow({
      area: 'API',
      figure: `GET ${REST}, PGlite, ${CONNECTIONS} connections, ${USERS} users`,
      measured: `${fmt(median(lite[REST]!.map((r) => r.rps)))} rps, p99 ${fmt(Math.max(...lite[REST]!.map((r) => r.p99)))} ms`,
      baseline: `node:http ${fmt(median(lite['raw']!.map((r) => r.rps)))} rps`,
      ratio: ratioText(median(liteRatios)),
      target: '≥ 5 %',
      met: median(liteRatios) >= 0.05,
      spread: ratioSpread(liteRatios),
    });
  } finally {
    await pglite.cleanUp();
  }
  emitRow({
    area: 'API',
    figure: 'errors under load (all rounds, both databases)',
    measured: `${fmt(totalErrors)} of ${fmt(totalRequests)} requests`,
    baseline: '—',
    ratio: '—',
    target: '0',
    met: totalErrors === 0,
    spread: '—',
  });
} finally {
  await raw.stop();
  await postgres.cleanUp().catch(() => undefined);
}
