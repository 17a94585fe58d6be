import { createTokenCipher, loadTokenKey, openPreparedDatabase } from '@breaker/db';
import {
  closeIcsPool,
  createMailer,
  createPushSender,
  loadVapidKeys,
  refuseEvictingRedis,
  watchRedisOutages,
} from '@breaker/jobs';
import { Redis } from 'ioredis';
import { createAbuseLimits } from './auth/abuse-limits.js';
import { buildApp } from './app.js';
import { loadConfig, WEB_DIST_DIR } from './env.js';
import { createInProcessRunner } from './jobs/in-process-runner.js';
import { createQueueRunner } from './jobs/queue-runner.js';
import { REDIS_OUTAGE_CONSEQUENCE, type JobRunner } from './jobs/job-runner.js';
import { createLogger } from './logger.js';
import { openOperatorQueues } from './operators/operator-queues.js';

const config = loadConfig();
const logger = createLogger(config, 'api');
if (config.redisUrl) await refuseEvictingRedis(config.redisUrl, logger, { maxRetriesPerRequest: 1 });

const database = await openPreparedDatabase(config, logger);

const now = () => new Date();
const cipher = createTokenCipher(loadTokenKey({ base64Key: config.tokenEncryptionKey, dataDir: config.dataDir }));
const push = createPushSender({
  vapid: loadVapidKeys(config),
  contact: config.push.contact,
  allowPrivateEndpoints: config.push.allowPrivateEndpoints,
});
const jobs: JobRunner = config.redisUrl
  ? await createQueueRunner(config.redisUrl, undefined, logger.child({ jobs: 'queue' }))
  : createInProcessRunner(
      {
        // Mail goes out from this process only when jobs run here; with Redis the worker sends it.
        mailer: createMailer(config),
        appUrl: config.appUrl,
        db: database.db,
        log: logger.child({ jobs: 'in-process' }),
        now,
        google: config.google,
        microsoft: config.microsoft,
        cipher,
        allowPrivateFeeds: config.allowPrivateFeeds,
        push: { sender: push },
      },
      { schedule: true, backgroundDb: database.backgroundDb },
    );

const operatorQueues = config.redisUrl ? openOperatorQueues(config.redisUrl) : undefined;
const limitsRedis = config.redisUrl
  ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
  : undefined;
if (limitsRedis) watchRedisOutages(limitsRedis, [], logger.child({ limits: 'redis' }), REDIS_OUTAGE_CONSEQUENCE);
const limits = createAbuseLimits(limitsRedis);
const app = await buildApp({
  deps: { config, database, db: database.db, jobs, limits, cipher, push, now, queues: operatorQueues?.queues },
  logger,
  webDistDir: WEB_DIST_DIR,
});
app.addHook('onClose', async () => {
  await jobs.close();
  // Connecting a feed reads it here in every mode, and jobs run here without Redis.
  await closeIcsPool();
  await operatorQueues?.close();
  limitsRedis?.disconnect();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
logger.info({ url: config.appUrl.origin, jobs: jobs.mode }, 'Breaker is serving');

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
