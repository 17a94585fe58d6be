import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const APP_ROOT = new URL('..', import.meta.url).pathname;
const TSX = new URL('../node_modules/.bin/tsx', import.meta.url).pathname;

/** Starts the worker's entry point with only `env` (and PATH) set, and waits for it to stop. */
function startWorker(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      ['--conditions=@breaker/source', 'src/main.ts'],
      { cwd: APP_ROOT, env: { PATH: process.env['PATH'] ?? '', ...env }, timeout: 170_000 },
      (error, _stdout, stderr) => resolve({ code: error ? (error.code as number | null) : 0, stderr }),
    );
  });
}

describe.concurrent('the worker started with a bad setting', { timeout: 180_000 }, () => {
  it.each<{ env: Record<string, string>; setting: string }>([
    { env: { WORKER_CONCURRENCY: '0' }, setting: 'WORKER_CONCURRENCY' },
    { env: { REDIS_URL: 'redis://127.0.0.1:6379' }, setting: 'REDIS_URL' },
  ])('stops with one line naming $setting and why', async ({ env, setting }) => {
    const { code, stderr } = await startWorker(env);
    expect(code).not.toBe(0);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${setting}: \\S`));
  });
});
