/**
 * `pnpm fuzz`: 10,000 generated requests (FUZZ_CASES) against the real app on a scratch PostgreSQL database, with
 * FUZZ_SEED or a fresh seed, then one summary line. Each distinct broken rule is listed with the first request that
 * broke it; the exit code is 1 when any was found, so the seed can be replayed.
 */
import { distinctFailures, runFuzz, summaryLine } from './harness.js';

const seed = Number(process.env['FUZZ_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
const cases = Number(process.env['FUZZ_CASES'] ?? 10_000);

const summary = await runFuzz({ cases, seed, backend: 'postgres' });
for (const failure of distinctFailures(summary.failures)) {
  process.stdout.write(
    `✗ ${failure.rule} — ${failure.target} → ${failure.status}\n    ${failure.request}\n    ⇒ ${failure.body}\n`,
  );
}
process.stdout.write(`${summaryLine(summary)}\n`);
process.exitCode = summary.failures.length > 0 ? 1 : 0;
