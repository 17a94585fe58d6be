/**
 * What the web app repeats (issue #14 §3): `GET /api/upcoming-breaks` asked again with the ETag the browser kept, so
 * that the API answers 304 with no body. The built API on PostgreSQL, 1,000 signed-in users each sending their own
 * ETag, autocannon at 50 connections; the baseline is a bare node:http server giving the same 304, rounds interleaved.
 * The full answer is measured in the same rounds, plain and brotli-compressed as browsers ask for it, and the bytes
 * compression saves are noted for the upcoming-breaks answer and the web app's main script.
 *
 *   BENCH_ROUND_SECONDS=5   length of each throughput round (3 rounds of each)
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { emitRow, fmt, median, ratioSpread, ratioText, type BenchRow } from '../../../bench/row.js';
import { startBackend } from './support/backend.js';
import { cannonRound, type CannonRound } from './support/cannon.js';
import { startRawServer, type Served } from './support/processes.js';

const USERS = 1000;
const CONNECTIONS = 50;
const ROUNDS = 3;
const ROUND_SECONDS = Number(process.env['BENCH_ROUND_SECONDS'] ?? 5);
const PORTS = { api: 3421, raw304: 3422, raw200: 3423 } as const;
const REST = '/api/upcoming-breaks';
/** What Chromium and Firefox send. */
const BROWSER_ENCODINGS = 'gzip, deflate, br';
const WEB_DIST = new URL('../../web/dist/', import.meta.url).pathname;

/** The bytes an answer takes on the wire (node:http, unlike fetch, does not inflate them). */
function wireBytes(url: string, headers: Record<string, string>): Promise<{ bytes: number; encoding: string }> {
  return new Promise((done, fail) => {
    httpRequest(url, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => done({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }));
      response.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}

/** Plain, gzip and brotli sizes of one answer, as a row noting what compression saves. */
async function compressionRow(area: BenchRow['area'], what: string, url: string, cookie?: string): Promise<BenchRow> {
  const ask = (encoding: string) => wireBytes(url, { 'accept-encoding': encoding, ...(cookie ? { cookie } : {}) });
  const [plain, gzip, brotli] = await Promise.all([ask('identity'), ask('gzip'), ask('br')]);
  if (gzip.encoding !== 'gzip' || brotli.encoding !== 'br') throw new Error(`${url} was not compressed`);
  return {
    area,
    figure: `bytes saved by compression: ${what}`,
    measured: `brotli ${fmt(brotli.bytes)} B, gzip ${fmt(gzip.bytes)} B`,
    baseline: `uncompressed ${fmt(plain.bytes)} B`,
    ratio: `${ratioText(1 - brotli.bytes / plain.bytes)} saved (gzip ${ratioText(1 - gzip.bytes / plain.bytes)})`,
    target: '—',
    met: null,
    spread: 'one answer (sizes do not vary)',
  };
}

const round = (target: Served, headers: readonly Record<string, string>[]): Promise<CannonRound> =>
  cannonRound({ url: target.url, path: REST, seconds: ROUND_SECONDS, connections: CONNECTIONS, headers });

const backend = await startBackend('postgres', PORTS.api, USERS);
const { api, users } = backend;
let raw304: Served | undefined;
let raw200: Served | undefined;
try {
  // Each user's own ETag, as their browser would hold it after the first read.
  const etags: string[] = [];
  for (const user of users) {
    const response = await fetch(`${api.url}${REST}`, { headers: { cookie: user.cookie } });
    await response.arrayBuffer();
    etags.push(response.headers.get('etag') ?? '');
  }
  if (etags.some((etag) => !etag)) throw new Error(`${REST} answered without an ETag`);
  const sample = await fetch(`${api.url}${REST}`, { headers: { cookie: users[0]!.cookie } });
  const sampleBody = await sample.text();
  const sampleHeaders = { 'content-type': sample.headers.get('content-type') ?? 'application/json' };
  const conditionalHeaders = { etag: etags[0]!, 'cache-control': 'private, no-cache', vary: 'cookie' };
  raw304 = await startRawServer(PORTS.raw304, { status: 304, body: '', headers: conditionalHeaders });
  raw200 = await startRawServer(PORTS.raw200, { body: sampleBody, headers: { ...sampleHeaders, ...conditionalHeaders } });
  process.stdout.write(`upcoming-breaks answer: ${sampleBody.length} bytes, ${JSON.parse(sampleBody).length} breaks\n`);

  const conditional = users.map((user, i) => ({ cookie: user.cookie, 'if-none-match': etags[i]! }));
  const full = users.map((user) => ({ cookie: user.cookie }));
  const compressed = users.map((user) => ({ cookie: user.cookie, 'accept-encoding': BROWSER_ENCODINGS }));
  const targets = {
    raw304: () => round(raw304!, conditional),
    conditional: () => round(api, conditional),
    raw200: () => round(raw200!, full),
    full: () => round(api, full),
    compressed: () => round(api, compressed),
  };
  const rounds = Object.fromEntries(Object.keys(targets).map((name) => [name, [] as CannonRound[]])) as Record<
    keyof typeof targets,
    CannonRound[]
  >;
  for (const run of Object.values(targets)) await run(); // warm-up
  for (let r = 0; r < ROUNDS; r += 1) {
    for (const [name, run] of Object.entries(targets)) rounds[name as keyof typeof targets].push(await run());
  }
  const unexpected =
    rounds.conditional.reduce((sum, r) => sum + r.errors + (r.requests - r.status3xx), 0) +
    [...rounds.full, ...rounds.compressed].reduce((sum, r) => sum + r.errors + r.non2xx, 0);

  const rps = (of: CannonRound[]) => median(of.map((r) => r.rps));
  const p99 = (of: CannonRound[]) => Math.max(...of.map((r) => r.p99));
  const ratios = (of: CannonRound[], to: CannonRound[]) => of.map((r, i) => r.rps / to[i]!.rps);
  const conditionalRatios = ratios(rounds.conditional, rounds.raw304);
  emitRow({
    area: 'API',
    figure: `conditional GET ${REST} (If-None-Match matches: 304), PostgreSQL, ${CONNECTIONS} connections, ${USERS} users`,
    measured: `${fmt(rps(rounds.conditional))} rps, p99 ${fmt(p99(rounds.conditional))} ms`,
    baseline: `node:http answering 304 ${fmt(rps(rounds.raw304))} rps`,
    ratio: ratioText(median(conditionalRatios)),
    target: '≥ 25 %',
    met: median(conditionalRatios) >= 0.25,
    spread: ratioSpread(conditionalRatios),
  });
  const againstFull = ratios(rounds.conditional, rounds.raw200);
  emitRow({
    area: 'API',
    figure: `the same conditional GET against node:http answering the full ${fmt(sampleBody.length)} B`,
    measured: `${fmt(rps(rounds.conditional))} rps; full answer ${fmt(rps(rounds.full))} rps, p99 ${fmt(p99(rounds.full))} ms`,
    baseline: `node:http answering 200 ${fmt(rps(rounds.raw200))} rps`,
    ratio: `${ratioText(median(againstFull))} (full: ${ratioText(median(ratios(rounds.full, rounds.raw200)))})`,
    target: '—',
    met: null,
    spread: ratioSpread(againstFull),
  });
  const compressedRatios = ratios(rounds.compressed, rounds.full);
  emitRow({
    area: 'API',
    figure: `GET ${REST} full answer with Accept-Encoding: ${BROWSER_ENCODINGS} (brotli per request)`,
    measured: `${fmt(rps(rounds.compressed))} rps, p99 ${fmt(p99(rounds.compressed))} ms`,
    baseline: `uncompressed ${fmt(rps(rounds.full))} rps`,
    ratio: ratioText(median(compressedRatios)),
    target: '—',
    met: null,
    spread: ratioSpread(compressedRatios),
  });

  emitRow(await compressionRow('API', `${REST} answer`, `${api.url}${REST}`, users[0]!.cookie));
  const mainScript = /<script type="module"[^>]* src="(\/assets\/app-[^"]+\.js)"/.exec(
    readFileSync(join(WEB_DIST, 'index.html'), 'utf8'),
  )?.[1];
  if (!mainScript) throw new Error('the web build has no main script in index.html');
  emitRow(await compressionRow('web', `main script ${mainScript}`, `${api.url}${mainScript}`));
  emitRow({
    area: 'API',
    figure: 'unexpected answers (errors, or not the 304 / 200 asked for)',
    measured: `${fmt(unexpected)}`,
    baseline: '—',
    ratio: '—',
    target: '0',
    met: unexpected === 0,
    spread: '—',
  });
} finally {
  await raw304?.stop();
  await raw200?.stop();
  await backend.cleanUp();
}
