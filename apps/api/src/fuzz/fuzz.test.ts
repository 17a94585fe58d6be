import { describe, expect, it } from 'vitest';
import { distinctFailures, runFuzz, summaryLine } from './harness.js';

/** A fixed seed in `pnpm test`, so a failure here reproduces; `pnpm fuzz` explores with fresh ones. */
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261125);
const CASES = Number(process.env['FUZZ_CASES'] ?? 3000);

describe('every REST route and tRPC procedure under generated and hostile input', () => {
  it('answers without a 5xx, refuses with a 4xx and a message, leaks no secret, leaves the other person alone and stays healthy', async () => {
    const summary = await runFuzz({ cases: CASES, seed: SEED, backend: 'postgres' });
    process.stdout.write(`${summaryLine(summary)}\n`);
    const distinct = distinctFailures(summary.failures).map(
      (failure) => `${failure.rule} — ${failure.target} → ${failure.status}: ${failure.request} ⇒ ${failure.body}`,
    );
    expect(distinct).toEqual([]);
  }, 300_000);
});
