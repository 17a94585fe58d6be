import type { Db } from '@breaker/db';
import type { BaseLogger } from 'pino';

/** What a job function needs: the worker, the API's in-process mode and the replay CLI each build one. */
export interface JobDeps {
  db: Db;
  /** pino's, or the API's Fastify logger (the same pino, typed without `msgPrefix`). */
  log: Omit<BaseLogger, 'msgPrefix'>;
  now: () => Date;
}
