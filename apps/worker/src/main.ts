import {
  calendarSyncPayload,
  deduplicationId,
  DEFAULT_JOB_OPTIONS,
  MAINTENANCE_SWEEP_MS,
  passwordResetMailPayload,
  placeBreaksPayload,
  placementDeduplication,
  QUEUES,
  writeBackPayload,
} from '@breaker/api-contract';
import { createTokenCipher, loadTokenKey, openPreparedDatabase } from '@breaker/db';
import { Queue, Worker } from 'bullmq';
import { pino } from 'pino';
import { loggerOptions } from '@breaker/api-contract/config';
import { loadConfig } from './env.js';
import {
  runBreakWriteBack,
  runCalendarSync,
  runMaintenanceSweep,
  runPasswordResetMail,
  runPlaceBreaks,
  type CalendarJobDeps,
  createMailer,
  refuseEvictingRedis,
} from '@breaker/jobs';
import { createMetricsRegistry, startMetricsServer } from '@breaker/jobs/metrics';
import { createWorkerConnection } from './queue-connection.js';
import { watchRedisOutages } from './redis-outage.js';

const config = loadConfig();
const log = pino(loggerOptions(config, 'worker'));

if (!config.redisUrl || !config.databaseUrl) {
  log.info('REDIS_URL is not set: jobs run inside the API process, so there is no worker to start');
  process.exit(0);
}

// Waits for Redis like the rest of the start-up does.
await refuseEvictingRedis(config.redisUrl, log, { maxRetriesPerRequest: null });
const database = await openPreparedDatabase(config, log);
if (config.databasePoolSize <= config.workerConcurrency) {
  // Each running place-breaks job holds a connection: with none to spare, write-backs and syncs wait behind them.
  log.warn(
    { workerConcurrency: config.workerConcurrency, databasePoolSize: config.databasePoolSize },
    'DATABASE_POOL_SIZE should be above WORKER_CONCURRENCY',
  );
}
const deps: CalendarJobDeps = {
  db: database.db,
  log,
  now: () => new Date(),
  google: config.google,
  cipher: createTokenCipher(loadTokenKey({ base64Key: config.tokenEncryptionKey, dataDir: config.dataDir })),
  allowPrivateFeeds: config.allowPrivateFeeds,
};
const connection = createWorkerConnection(config.redisUrl);
const mailer = createMailer(config);

const queueOptions = { connection, defaultJobOptions: DEFAULT_JOB_OPTIONS };
// A running job keeps its lock while this process lives; if it dies, another worker takes the job up once the lock lapses.
const workerOptions = { connection, lockDuration: config.jobLockMs, stalledInterval: config.jobLockMs };
const placeBreaksQueue = new Queue(QUEUES.placeBreaks, queueOptions);
const calendarSyncQueue = new Queue(QUEUES.calendarSync, queueOptions);
const maintenanceQueue = new Queue(QUEUES.maintenance, queueOptions);
const writeBackQueue = new Queue(QUEUES.writeBack, queueOptions);
const queueWriteBack = (userId: string) =>
  writeBackQueue.add(QUEUES.writeBack, writeBackPayload.parse({ userId }), {
    deduplication: { id: deduplicationId(QUEUES.writeBack, userId) },
  });

const placeBreaksWorker = new Worker(
  QUEUES.placeBreaks,
  async (job) => {
    const payload = placeBreaksPayload.parse(job.data);
    const result = await runPlaceBreaks({ ...deps, log: log.child({ jobId: job.id, queue: QUEUES.placeBreaks }) }, payload);
    await queueWriteBack(payload.userId);
    return result;
  },
  { ...workerOptions, concurrency: config.workerConcurrency },
);

const writeBackWorker = new Worker(
  QUEUES.writeBack,
  (job) =>
    runBreakWriteBack({ ...deps, log: log.child({ jobId: job.id, queue: QUEUES.writeBack }) }, writeBackPayload.parse(job.data)),
  { ...workerOptions, concurrency: 2 },
);

const calendarSyncWorker = new Worker(
  QUEUES.calendarSync,
  async (job) => {
    const payload = calendarSyncPayload.parse(job.data);
    return runCalendarSync({ ...deps, log: log.child({ jobId: job.id, queue: QUEUES.calendarSync }) }, payload);
  },
  { ...workerOptions, concurrency: 2 },
);

const resetMailWorker = new Worker(
  QUEUES.passwordResetMail,
  (job) =>
    runPasswordResetMail(
      { ...deps, mailer, appUrl: config.appUrl, log: log.child({ jobId: job.id, queue: QUEUES.passwordResetMail }) },
      passwordResetMailPayload.parse(job.data),
    ),
  { ...workerOptions, concurrency: 2 },
);

// A job scheduler fires once per period however many workers run.
await maintenanceQueue.upsertJobScheduler('maintenance-sweep', { every: MAINTENANCE_SWEEP_MS }, { name: 'sweep', data: {} });
const maintenanceWorker = new Worker(
  QUEUES.maintenance,
  (job) =>
    runMaintenanceSweep(
      { ...deps, log: log.child({ jobId: job.id, queue: QUEUES.maintenance }) },
      {
        async syncCalendar(userId) {
          const payload = calendarSyncPayload.parse({ userId, trigger: 'cadence' });
          await calendarSyncQueue.add(QUEUES.calendarSync, payload, {
            deduplication: { id: deduplicationId(QUEUES.calendarSync, userId) },
          });
        },
        async placeBreaks(userId) {
          const payload = placeBreaksPayload.parse({ userId, trigger: 'cadence' });
          await placeBreaksQueue.add(QUEUES.placeBreaks, payload, { deduplication: placementDeduplication(userId) });
        },
      },
    ),
  { ...workerOptions, concurrency: 1 },
);

const workers = [placeBreaksWorker, calendarSyncWorker, maintenanceWorker, writeBackWorker, resetMailWorker];
for (const worker of workers) {
  worker.on('failed', (job, error) => log.warn({ jobId: job?.id, queue: worker.name, err: error }, 'job failed'));
}
watchRedisOutages(connection, [...workers, placeBreaksQueue, calendarSyncQueue, maintenanceQueue, writeBackQueue], log);
const metricsServer = await startMetricsServer({
  ...config.workerMetrics,
  operatorToken: config.operatorToken,
  registry: createMetricsRegistry('worker'),
  healthy: () => answersWithin(Promise.all([database.ping(), connection.ping()]), 1500),
});
log.info(
  { queues: Object.values(QUEUES), metricsPort: metricsServer.port, metrics: Boolean(config.operatorToken) },
  'worker ready',
);

async function answersWithin(check: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([check.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  // Without Redis a running job can be neither finished nor handed back, and closing would wait for Redis forever:
  // stop at once instead; once Redis is back the job's lock lapses and another worker runs it again. The status alone
  // can still say ready for a moment after Redis went away, hence the ping; Redis can also go while jobs finish.
  const exitWithoutRedis = () => {
    log.warn({ signal }, 'Redis is unreachable: exiting without waiting for running jobs');
    process.exit(0);
  };
  if (connection.status !== 'ready' || !(await answersWithin(connection.ping(), 1000))) exitWithoutRedis();
  connection.once('close', exitWithoutRedis);
  log.info({ signal }, 'finishing running jobs, then exiting');
  await metricsServer.close();
  await Promise.all(workers.map((worker) => worker.close()));
  await Promise.all([placeBreaksQueue, calendarSyncQueue, maintenanceQueue, writeBackQueue].map((queue) => queue.close()));
  mailer.close();
  connection.off('close', exitWithoutRedis);
  await connection.quit();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
