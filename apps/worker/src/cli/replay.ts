import { createDb, databaseConfig, listSchedulingRuns, type Db } from '@breaker/db';
import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { loadConfig } from '../env.js';
import { formatReport, replayRun, replaySchedulingRun, runFromJson, type ReplayReport } from '@breaker/jobs';

/**
 * `pnpm --filter @breaker/worker replay <run id | run.json>` re-runs a recorded scheduling run without Redis and prints
 * its day-by-day timeline and what differs from the recorded output: exit code 0 when identical, 2 when different.
 * A run id is read from the database (`DATABASE_URL`, else the embedded one in `DATA_DIR`: stop the API first, PGlite
 * allows one process at a time); a path ending in .json is a run exported from production, a `scheduling_runs` row.
 * `… replay --user <user id>` lists that user's latest runs.
 */
const USAGE = 'usage: replay <run id | path/to/run.json> [--json] | replay --user <user id>\n';
const args = process.argv.slice(2);
const json = args.includes('--json');
const [first, second] = args.filter((a) => a !== '--json');

/** pnpm runs the script in apps/worker; a relative path means one relative to where the command was typed. */
function fromCaller(path: string): string {
  return isAbsolute(path) ? path : resolve(process.env['INIT_CWD'] ?? process.cwd(), path);
}

function print(report: ReplayReport): void {
  process.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
  process.exitCode = report.identical ? 0 : 2;
}

async function withDatabase(work: (db: Db) => Promise<void>): Promise<void> {
  const config = loadConfig();
  const database = await createDb(databaseConfig(config));
  try {
    await work(database.db);
  } finally {
    await database.close();
  }
}

try {
  if (first === '--user' && second) {
    await withDatabase(async (db) => {
      for (const run of await listSchedulingRuns(db, second, 20)) {
        process.stdout.write(`${run.id}  ${run.created_at.toISOString()}  ${run.trigger}  ${run.engine_version}\n`);
      }
    });
  } else if (first && first.endsWith('.json')) {
    print(replayRun(runFromJson(await readFile(fromCaller(first), 'utf8'))));
  } else if (first) {
    await withDatabase(async (db) => print(await replaySchedulingRun(db, first)));
  } else {
    process.stderr.write(USAGE);
    process.exitCode = 64;
  }
} catch (error) {
  process.stderr.write(`replay: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
