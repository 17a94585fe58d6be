import { databaseConfig } from '@breaker/db';
import { createBenchPostgres } from '@breaker/db/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltApi, type Served } from './processes.js';
import { planBreaks, seedUsers, type SeededUser } from './seed.js';

export interface Backend {
  api: Served;
  users: SeededUser[];
  cleanUp(): Promise<void>;
}

/** The built API on a scratch PostgreSQL or a fresh PGlite, with `userCount` signed-in users whose breaks are planned. */
export async function startBackend(kind: 'postgres' | 'pglite', port: number, userCount: number): Promise<Backend> {
  const dataDir = mkdtempSync(join(tmpdir(), 'breaker-bench-'));
  const scratch = kind === 'postgres' ? await createBenchPostgres() : undefined;
  const settings = { databaseUrl: scratch?.url, dataDir };
  let started = Date.now();
  const users = await seedUsers(databaseConfig(settings), userCount);
  process.stdout.write(`${kind}: ${userCount} users with sessions in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  const api = await startBuiltApi(port, { DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}) });
  started = Date.now();
  await planBreaks(api.url, users);
  process.stdout.write(
    `${kind}: every user's breaks planned through the API in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
  );
  return {
    api,
    users,
    async cleanUp() {
      await api.stop();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
