/**
 * `pnpm bench`: runs every workspace's benchmarks one after the other (they share two cores, so never in parallel),
 * collects the rows they print, and writes one table as bench-results/latest.json and latest.md.
 * A benchmark prints figures; a missed target never fails the run, only a benchmark that cannot run does.
 *
 *   BENCH_ONLY=api-load,web-bundle pnpm bench     runs a subset (names below)
 *   BENCH_LOAD_SECONDS=120 pnpm bench             the length of the API memory run (default 60 s)
 *   E2E_FAKE_NOW=2026-11-29T20:00:00Z BENCH_ONLY=web-pages pnpm bench
 *                                                 the web pages as if it were that instant (Sunday evening here)
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rerunUnderFakeClock } from '../apps/web/e2e/support/fake-clock.js';
import { ROW_PREFIX, type BenchRow } from './row.js';
import { parseRow, renderMarkdown, renderText, type BenchReport } from './table.js';

// Its database runs inside the API, so only web-pages can run under a fake clock (apps/web/e2e/support/fake-clock.ts).
rerunUnderFakeClock();

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = join(root, 'apps/api/node_modules/.bin/tsx');

/** In the order they run; each is a workspace folder and a script in its bench/ folder. */
const BENCHES: Bench[] = [
  { name: 'engine', dir: 'packages/scheduler', file: 'bench/place-breaks.bench.ts' },
  { name: 'engine-quality', dir: 'packages/jobs', file: 'bench/placement-quality.bench.ts' },
  { name: 'refresh', dir: 'apps/api', file: 'bench/refresh.bench.ts' },
  { name: 'api-load', dir: 'apps/api', file: 'bench/load.bench.ts' },
  { name: 'conditional', dir: 'apps/api', file: 'bench/conditional.bench.ts' },
  { name: 'queue', dir: 'apps/worker', file: 'bench/queue.bench.ts' },
  { name: 'reminders', dir: 'apps/api', file: 'bench/reminders.bench.ts' },
  { name: 'google', dir: 'apps/api', file: 'bench/google.bench.ts' },
  { name: 'calendars', dir: 'apps/api', file: 'bench/calendars.bench.ts' },
  { name: 'largest-request', dir: 'apps/api', file: 'bench/largest-request.bench.ts' },
  { name: 'ics-import', dir: 'apps/api', file: 'bench/ics-import.bench.ts' },
  { name: 'web-bundle', dir: 'apps/web', file: 'bench/bundle.bench.ts' },
  { name: 'web-pages', dir: 'apps/web', file: 'bench/pages.bench.ts' },
];

const only = process.env['BENCH_ONLY']?.split(',').map((name) => name.trim());
const outDir = join(root, 'bench-results');
mkdirSync(join(outDir, 'rows'), { recursive: true });

interface Bench {
  name: string;
  dir: string;
  file: string;
}

function runBench(bench: Bench): Promise<{ rows: BenchRow[]; code: number | null }> {
  return new Promise((done) => {
    const rows: BenchRow[] = [];
    let pending = '';
    const child = spawn(tsx, ['--conditions=@breaker/source', bench.file], {
      cwd: join(root, bench.dir),
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
    });
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith(ROW_PREFIX)) rows.push(parseRow(line));
        else process.stdout.write(`  ${bench.name} │ ${line}\n`);
      }
    });
    child.on('close', (code) => done({ rows, code }));
  });
}

const started = Date.now();
const all: BenchRow[] = [];
const broken: string[] = [];
for (const bench of BENCHES) {
  if (only && !only.includes(bench.name)) continue;
  process.stdout.write(`▶ ${bench.name} (${bench.dir}/${bench.file})\n`);
  const benchStarted = Date.now();
  const { rows, code } = await runBench(bench);
  writeFileSync(join(outDir, 'rows', `${bench.name}.json`), `${JSON.stringify(rows, null, 2)}\n`);
  all.push(...rows);
  if (code !== 0) broken.push(bench.name);
  process.stdout.write(`  ${bench.name} │ ${rows.length} figures in ${((Date.now() - benchStarted) / 1000).toFixed(0)} s\n`);
}

const report: BenchReport = {
  finishedAt: new Date().toISOString(),
  durationSeconds: Math.round((Date.now() - started) / 1000),
  broken,
  rows: all,
};
writeFileSync(join(outDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(outDir, 'latest.md'), renderMarkdown(report));
process.stdout.write(`\n${renderText(report)}\nwritten: bench-results/latest.json, bench-results/latest.md\n`);
if (broken.length > 0) {
  process.stderr.write(`benchmarks that could not run: ${broken.join(', ')}\n`);
  process.exitCode = 1;
}
