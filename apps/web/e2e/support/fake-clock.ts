import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * E2E_FAKE_NOW=<ISO instant> runs the specs (playwright.config.ts) or the benchmarks (bench/run.ts) as if it were that
 * instant, to prove they hold at any hour of any day. The whole process tree — the test runner, the stacks it starts
 * (API, PGlite inside it, the fake Google) and Chromium — runs under Debian's libfaketime (`apt-get install faketime`)
 * with one and the same offset from the real clock, so all of them agree on the time and it keeps running from there.
 * Servers outside the tree (PostgreSQL, Redis) keep the real clock: faked runs use the embedded stacks only.
 */
export const LIBFAKETIME = process.env['LIBFAKETIME'] ?? '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';

/** The faked instant asked for, or undefined for the real clock. */
export function fakeNow(env: NodeJS.ProcessEnv = process.env): Date | undefined {
  const asked = env['E2E_FAKE_NOW'];
  if (!asked) return undefined;
  const instant = new Date(asked);
  if (Number.isNaN(instant.getTime())) throw new Error(`E2E_FAKE_NOW must be an ISO instant, got '${asked}'`);
  return instant;
}

/** Whether this process already runs under the fake clock (it inherited FAKETIME). */
export function underFakeClock(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env['FAKETIME']) && (env['LD_PRELOAD'] ?? '').includes('libfaketime');
}

/** The environment that puts a child process (and everything it starts) at `instant`. */
export function fakeClockEnvironment(instant: Date, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  if (!existsSync(LIBFAKETIME)) {
    throw new Error(`E2E_FAKE_NOW needs libfaketime at ${LIBFAKETIME} (apt-get install faketime, or set LIBFAKETIME)`);
  }
  const offsetSeconds = Math.round((instant.getTime() - Date.now()) / 1000);
  return {
    ...env,
    LD_PRELOAD: [LIBFAKETIME, env['LD_PRELOAD']].filter(Boolean).join(' '),
    // An offset rather than a start time: processes started minutes apart still agree on the time.
    FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}s`,
  };
}

/**
 * When E2E_FAKE_NOW asks for a fake clock and this process is not yet under it, runs this same command again under
 * it and exits with its status; otherwise returns.
 */
export function rerunUnderFakeClock(): void {
  const instant = fakeNow();
  if (!instant || underFakeClock()) return;
  process.stderr.write(`fake clock: running as if it were ${instant.toISOString()}\n`);
  const run = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: fakeClockEnvironment(instant),
    stdio: 'inherit',
  });
  if (run.error) throw run.error;
  process.exit(run.status ?? 1);
}
