import type { Db } from '@breaker/db';
import type { BaseLogger } from 'pino';

/** What a job function needs: the worker, the API's in-process mode and the replay CLI each build one. */
export interface JobDeps {
  db: Db;
  log: BaseLogger;
  now: () => Date;
}
