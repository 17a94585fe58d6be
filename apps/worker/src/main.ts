import { calendarSyncPayload, placeBreaksPayload, QUEUES } from '@breaker/api-contract';
import { createDb, createTokenCipher, loadTokenKey } from '@breaker/db';
import { Worker } from 'bullmq';
import { pino } from 'pino';
import { loggerOptions } from '@breaker/api-contract/config';
import { loadConfig } from './env.js';
import { runCalendarSync, runPlaceBreaks, type CalendarJobDeps } from './jobs/index.js';
import { createWorkerConnection } from './queue-connection.js';

const config = loadConfig();
const log = pino(loggerOptions(config, 'worker'));

if (!config.redisUrl || !config.databaseUrl) {
  log.info('REDIS_URL is not set: jobs run inside the API process, so there is no worker to start');
  process.exit(0);
}

const database = await createDb({ kind: 'postgres', url: config.databaseUrl }, (error) =>
  log.warn({ err: error }, 'database connection lost; the pool reconnects'),
);
const deps: CalendarJobDeps = {
  db: database.db,
  log,
  now: () => new Date(),
  google: config.google,
  cipher: createTokenCipher(loadTokenKey({ base64Key: config.tokenEncryptionKey, dataDir: config.dataDir })),
  allowPrivateFeeds: config.allowPrivateFeeds,
};
const connection = createWorkerConnection(config.redisUrl);

const placeBreaksWorker = new Worker(
  QUEUES.placeBreaks,
  async (job) => {
    const payload = placeBreaksPayload.parse(job.data);
    return runPlaceBreaks({ ...deps, log: log.child({ jobId: job.id, queue: QUEUES.placeBreaks }) }, payload);
  },
  { connection, concurrency: 4 },
);

const calendarSyncWorker = new Worker(
  QUEUES.calendarSync,
  async (job) => {
    const payload = calendarSyncPayload.parse(job.data);
    return runCalendarSync({ ...deps, log: log.child({ jobId: job.id, queue: QUEUES.calendarSync }) }, payload);
  },
  { connection, concurrency: 2 },
);

for (const worker of [placeBreaksWorker, calendarSyncWorker]) {
  worker.on('failed', (job, error) => log.warn({ jobId: job?.id, queue: worker.name, err: error }, 'job failed'));
  worker.on('error', (error) => log.error({ queue: worker.name, err: error }, 'worker error'));
}
log.info({ queues: Object.values(QUEUES) }, 'worker ready');

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'finishing running jobs, then exiting');
  await Promise.all([placeBreaksWorker.close(), calendarSyncWorker.close()]);
  await connection.quit();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
