import { findSchedulingRun, insertUserWithPreferences, listSchedulingRuns, newPreferences } from '@breaker/db';
import { openTestDatabase } from '@breaker/db/testing';
import { runJob } from '@breaker/jobs';
import { databaseOnlyHost } from '@breaker/jobs/testing';
import type { PlacementResult } from '@breaker/scheduler';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const WORKER_ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('the replay CLI', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let folder: string;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    folder = await mkdtemp(join(tmpdir(), 'breaker-replay-'));
  });
  afterAll(async () => {
    await database?.dispose();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('replays a JSON file: exit code 0 when identical, 2 when different', async () => {
    const preferences = newPreferences({
      break_frequency: 4,
      work_start_time: '09:00',
      selected_exercise: null,
      timezone: 'Europe/Berlin',
    });
    const user = await insertUserWithPreferences(database.db, { username: 'replayer', email: null }, preferences);
    // Monday 2026-11-23, 07:00 in Berlin.
    const host = databaseOnlyHost({
      db: database.db,
      log: pino({ level: 'silent' }),
      now: () => new Date('2026-11-23T06:00:00Z'),
    });
    await runJob(host, 'place-breaks', { userId: user.id, trigger: 'refresh' });
    const [run] = await listSchedulingRuns(database.db, user.id, 1);
    const row = (await findSchedulingRun(database.db, run!.id))!;
    const same = join(folder, 'same.json');
    const tampered = join(folder, 'tampered.json');
    const output = structuredClone(row.output) as PlacementResult;
    output.breaks.pop();
    await writeFile(same, JSON.stringify(row));
    await writeFile(tampered, JSON.stringify({ ...row, output }));
    const cli = (file: string) =>
      promisify(execFile)(process.execPath, ['--conditions=@breaker/source', '--import', 'tsx', 'src/cli/replay.ts', file], {
        cwd: WORKER_ROOT,
      }).then(
        (done) => ({ code: 0, stdout: done.stdout }),
        (failed: { code: number; stdout: string }) => ({ code: failed.code, stdout: failed.stdout }),
      );
    const [identical, different] = await Promise.all([cli(same), cli(tampered)]);
    expect(identical.code).toBe(0);
    expect(identical.stdout).toContain('Identical: the replay gives the recorded 20 breaks');
    expect(identical.stdout).toContain('work starts');
    expect(different.code).toBe(2);
    expect(different.stdout).toMatch(/Different from the recorded output \(1\):\n {2}\+ break Fri 27 Nov 15:24/);
  });
});
