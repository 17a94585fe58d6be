import { loggerOptions } from '@breaker/api-contract/config';
import { createTokenCipher, loadTokenKey, openPreparedDatabase } from '@breaker/db';
import type { JobRequest, QueueName } from '@breaker/api-contract';
import {
  closeIcsPool,
  createMailer,
  createPushSender,
  loadVapidKeys,
  JOBS,
  prepareJob,
  ProviderUnavailable,
  refuseEvictingRedis,
  runJob,
  SCHEDULED_JOBS,
  watchRedisOutages,
  type HostDeps,
} from '@breaker/jobs';
import { createMetricsRegistry, startMetricsServer } from '@breaker/jobs/metrics';
import { Queue, Worker } from 'bullmq';
import { pino } from 'pino';
import { lowerCpuPriority } from './cpu-priority.js';
import { loadConfig } from './env.js';
import { createWorkerConnection } from './queue-connection.js';

const config = loadConfig();
const log = pino(loggerOptions(config, 'worker'));
// First, so that the threads the start-up opens step back with it.
lowerCpuPriority(config.workerNiceness, log);

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
const connection = createWorkerConnection(config.redisUrl);
const mailer = createMailer(config);
const deps: HostDeps = {
  db: database.db,
  log,
  now: () => new Date(),
  google: config.google,
  microsoft: config.microsoft,
  cipher: createTokenCipher(loadTokenKey({ base64Key: config.tokenEncryptionKey, dataDir: config.dataDir })),
  allowPrivateFeeds: config.allowPrivateFeeds,
  mailer,
  appUrl: config.appUrl,
  push: {
    sender: createPushSender({
      vapid: loadVapidKeys(config),
      contact: config.push.contact,
      allowPrivateEndpoints: config.push.allowPrivateEndpoints,
    }),
  },
};

// One queue and one worker per job of the registry; a job's follow-ups go onto their own queues.
const definitions = Object.values(JOBS);
const queues = new Map(
  definitions.map((job) => [job.name, new Queue(job.name, { connection, defaultJobOptions: job.options })] as const),
);
function queueFor(name: QueueName): Queue {
  const queue = queues.get(name);
  if (!queue) throw new Error(`No queue for the job ${name}`);
  return queue;
}
async function queueJob(request: JobRequest): Promise<void> {
  const { name, payload, deduplication, delayMs } = prepareJob(request);
  await queueFor(name).add(name, payload, { deduplication, ...(delayMs > 0 ? { delay: delayMs } : {}) });
}
// A running job keeps its lock while this process lives; if it dies, another worker takes the job up once the lock lapses.
const workerOptions = { connection, lockDuration: config.jobLockMs, stalledInterval: config.jobLockMs };
const workers = definitions.map(
  (job) =>
    new Worker(
      job.name,
      (running) =>
        runJob(
          { deps: { ...deps, log: log.child({ jobId: running.id, queue: job.name }) }, queue: queueJob },
          job.name,
          running.data,
        ),
      { ...workerOptions, concurrency: job.concurrency === 'configured' ? config.workerConcurrency : job.concurrency },
    ),
);
// A job scheduler fires once per period however many workers run.
for (const { id, everyMs, job } of SCHEDULED_JOBS) {
  const { name, payload } = prepareJob(job);
  await queueFor(name).upsertJobScheduler(id, { every: everyMs }, { name, data: payload });
}
for (const worker of workers) {
  worker.on('failed', (job, error) =>
    // A user's calendar server that is down is their server's state, not a fault here: its reason, without a stack.
    error instanceof ProviderUnavailable
      ? log.warn({ jobId: job?.id, queue: worker.name, reason: error.message }, 'job failed: the calendar server is unreachable')
      : log.warn({ jobId: job?.id, queue: worker.name, err: error }, 'job failed'),
  );
}
watchRedisOutages(connection, [...workers, ...queues.values()], log, 'jobs wait until it is back');
const metricsServer = await startMetricsServer({
  ...config.workerMetrics,
  operatorToken: config.operatorToken,
  registry: createMetricsRegistry('worker'),
  healthy: () => answersWithin(Promise.all([database.ping(), connection.ping()]), 1500),
});
log.info({ queues: [...queues.keys()], metricsPort: metricsServer.port, metrics: Boolean(config.operatorToken) }, 'worker ready');

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
  await closeIcsPool();
  await Promise.all([...queues.values()].map((queue) => queue.close()));
  mailer.close();
  connection.off('close', exitWithoutRedis);
  await connection.quit();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
