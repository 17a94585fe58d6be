import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const APP_ROOT = new URL('..', import.meta.url).pathname;
const TSX = new URL('../node_modules/.bin/tsx', import.meta.url).pathname;

/** Starts the API's entry point with only `env` (and PATH) set, and waits for it to stop. */
function startApi(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      ['--conditions=@breaker/source', 'src/main.ts'],
      { cwd: APP_ROOT, env: { PATH: process.env['PATH'] ?? '', ...env }, timeout: 170_000 },
      (error, _stdout, stderr) => resolve({ code: error ? (error.code as number | null) : 0, stderr }),
    );
  });
}

describe.concurrent('the API started with a bad setting', { timeout: 180_000 }, () => {
  it.each<{ env: Record<string, string>; setting: string }>([
    { env: { PORT: 'eighty' }, setting: 'PORT' },
    { env: { NODE_ENV: 'production', ALLOW_DEV_LOGIN: 'true' }, setting: 'ALLOW_DEV_LOGIN' },
    { env: { TOKEN_ENCRYPTION_KEY: 'not-a-key-but-a-secret' }, setting: 'TOKEN_ENCRYPTION_KEY' },
  ])('stops with one line naming $setting and why', async ({ env, setting }) => {
    const { code, stderr } = await startApi(env);
    expect(code).not.toBe(0);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${setting}: \\S`));
    expect(stderr).not.toContain('a-secret');
  });
});
