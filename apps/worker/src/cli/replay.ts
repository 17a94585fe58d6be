import { listSchedulingRuns, createDb } from '@breaker/db';
import { loadConfig } from '../env.js';
import { replaySchedulingRun } from '../jobs/replay.js';

/**
 * Development tool: `pnpm --filter @breaker/worker replay <run id>` re-runs a recorded scheduling run;
 * `… replay --user <user id>` lists that user's latest runs. With the embedded database, stop the API first
 * (PGlite allows one process at a time).
 */
const [first, second] = process.argv.slice(2);
const config = loadConfig();
const database = await createDb(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  if (first === '--user' && second) {
    for (const run of await listSchedulingRuns(database.db, second, 20)) {
      process.stdout.write(`${run.id}  ${run.created_at.toISOString()}  ${run.trigger}  ${run.engine_version}\n`);
    }
  } else if (first) {
    const report = await replaySchedulingRun(database.db, first);
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    process.exitCode = report.identical ? 0 : 2;
  } else {
    process.stderr.write('usage: replay <run id> | replay --user <user id>\n');
    process.exitCode = 64;
  }
} finally {
  await database.close();
}
