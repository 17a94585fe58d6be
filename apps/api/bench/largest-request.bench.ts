/**
 * The largest requests an anonymous client can make, and what they cost everyone else: while one client sends each
 * kind back to back, another asks `/api/health` every few milliseconds. The delay it sees is the event-loop delay the
 * big request causes to others (target ≤ 50 ms p99). The app runs on PostgreSQL, listening on a real port.
 *
 *   BENCH_ATTACK_SECONDS=4   how long each kind of request is sent
 */
import { REQUEST_BODY_LIMIT_BYTES } from '@breaker/api-contract';
import { Agent, request } from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { emitRow, fmt, percentile } from '../../../bench/row.js';
import { ORIGIN, startTestApp } from '../src/app.test-support.js';
import { trpcProcedures } from '../src/fuzz/requests.js';

const ATTACK_SECONDS = Number(process.env['BENCH_ATTACK_SECONDS'] ?? 4);
const SAMPLE_EVERY_MS = 5;
const TARGET_MS = 50;
/** The signed-out body limit (routes/body-limits.ts) and route parameter limit, which bounds how many calls one tRPC batch can name. */
const BODY_LIMIT = REQUEST_BODY_LIMIT_BYTES.signedOut;
const PARAM_LIMIT = 5000;

interface Attack {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** A batch of as many calls of one procedure as the path can name and the body can carry, padded to fill the body limit. */
function batchOf(procedure: string, input: (index: number, padding: string) => unknown): Attack {
  const count = Math.min(Math.floor(PARAM_LIMIT / (procedure.length + 1)), Math.floor(BODY_LIMIT / 100));
  const names = Array.from({ length: count }, () => procedure).join(',');
  const padding = 'p'.repeat(Math.max(0, Math.floor(BODY_LIMIT / count) - 80));
  const body = JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, index) => [index, input(index, padding)])));
  if (body.length > BODY_LIMIT) throw new Error(`the ${procedure} batch is ${body.length} bytes, over the body limit`);
  return { name: `tRPC batch of ${count} ${procedure}`, method: 'POST', path: `/trpc/${names}?batch=1`, body };
}

function attacks(): Attack[] {
  const queries = trpcProcedures().filter((procedure) => procedure.type === 'query' && !procedure.input);
  const depth = Math.floor((BODY_LIMIT - 2) / 2);
  return [
    {
      name: 'nested JSON at the body limit',
      method: 'POST',
      path: '/api/auth/register',
      body: '['.repeat(depth) + ']'.repeat(depth),
    },
    batchOf('auth.login', (index, padding) => ({ username: `nobody${index}`, password: padding })),
    batchOf('auth.register', (index, padding) => ({ username: `n${index}`, email: `n${index}@example.com`, password: padding })),
    batchOf('auth.forgotPassword', (index) => ({ email: `n${index}@example.com` })),
    ...queries.map((procedure) => {
      const count = Math.floor(PARAM_LIMIT / (procedure.name.length + 1));
      return {
        name: `tRPC batch of ${count} ${procedure.name}`,
        method: 'GET' as const,
        path: `/trpc/${Array.from({ length: count }, () => procedure.name).join(',')}?batch=1&input={}`,
      };
    }),
  ];
}

function send(base: string, agent: Agent, attack: { method: string; path: string; body?: string }): Promise<number> {
  return new Promise((done, fail) => {
    const outgoing = request(
      `${base}${attack.path}`,
      {
        method: attack.method,
        agent,
        headers:
          attack.body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(attack.body), origin: ORIGIN },
      },
      (response) => {
        response.resume();
        response.on('end', () => done(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', fail);
    outgoing.end(attack.body);
  });
}

/** `/api/health` every few milliseconds until `until` settles: how long others wait. */
async function sampleHealth(base: string, until: Promise<unknown>): Promise<number[]> {
  const agent = new Agent({ keepAlive: true });
  const times: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  while (!done) {
    const started = performance.now();
    await send(base, agent, { method: 'GET', path: '/api/health' });
    times.push(performance.now() - started);
    await new Promise((wake) => setTimeout(wake, SAMPLE_EVERY_MS));
  }
  agent.destroy();
  return times.sort((a, b) => a - b);
}

async function attackFor(base: string, attack: Attack): Promise<{ sent: number; statuses: Set<number> }> {
  const agent = new Agent({ keepAlive: true });
  const statuses = new Set<number>();
  const stopAt = performance.now() + ATTACK_SECONDS * 1000;
  let sent = 0;
  while (performance.now() < stopAt) {
    statuses.add(await send(base, agent, attack));
    sent += 1;
  }
  agent.destroy();
  return { sent, statuses };
}

const subject = await startTestApp('postgres');
try {
  const address = await subject.app.listen({ port: 0, host: '127.0.0.1' });
  const quiet = await sampleHealth(address, new Promise((wake) => setTimeout(wake, 1000)));
  const results: { attack: Attack; p99: number; max: number; loopP99: number; sent: number; statuses: Set<number> }[] = [];
  for (const attack of attacks()) {
    const loop = monitorEventLoopDelay({ resolution: 2 });
    loop.enable();
    const running = attackFor(address, attack);
    const times = await sampleHealth(address, running);
    const { sent, statuses } = await running;
    loop.disable();
    const result = {
      attack,
      p99: percentile(times, 99),
      max: times.at(-1) ?? Number.NaN,
      loopP99: loop.percentile(99) / 1e6,
      sent,
      statuses,
    };
    results.push(result);
    process.stdout.write(
      `${attack.name} (${fmt((attack.body ?? attack.path).length)} bytes): sent ${sent}, answered ${[...result.statuses].join('/')}; ` +
        `/api/health p99 ${fmt(result.p99, 1)} ms, max ${fmt(result.max, 1)} ms; event-loop delay p99 ${fmt(result.loopP99, 1)} ms\n`,
    );
  }
  const worst = results.reduce((a, b) => (b.p99 > a.p99 ? b : a));
  emitRow({
    area: 'API',
    figure: 'delay others see while an anonymous client sends its largest request',
    measured: `${fmt(worst.p99, 1)} ms p99 (${worst.attack.name}, answered ${[...worst.statuses].join('/')})`,
    baseline: `quiet /api/health ${fmt(percentile(quiet, 99), 1)} ms p99`,
    ratio: `${fmt(worst.p99 / percentile(quiet, 99), 1)}×`,
    target: `≤ ${TARGET_MS} ms`,
    met: worst.p99 <= TARGET_MS,
    spread: `worst of ${results.length} kinds, ${ATTACK_SECONDS} s each; max ${fmt(worst.max, 1)} ms`,
  });
} finally {
  await subject.close();
}
