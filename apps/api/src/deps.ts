import type { DatabaseHandle, Db, TokenCipher } from '@breaker/db';
import type { PushSender } from '@breaker/jobs';
import type { Queue } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { AbuseLimits } from './auth/abuse-limits.js';
import type { Config } from './env.js';
import type { JobRunner } from './jobs/job-runner.js';

/** What every service needs, built once at start-up and passed down; nothing reaches for globals. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  jobs: JobRunner;
  limits: AbuseLimits;
  /** Seals refresh tokens and feed URLs before they are stored. */
  cipher: TokenCipher;
  log: FastifyBaseLogger;
  /** Every BullMQ queue, for the operators' dashboard and queue depths; absent when jobs run in-process. */
  queues?: readonly Queue[];
  /** Sends Web Push notifications with this server's VAPID keys. */
  push: PushSender;
  now: () => Date;
}
