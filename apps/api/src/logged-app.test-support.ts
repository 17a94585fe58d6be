import { loggerOptions, parseConfig } from '@breaker/api-contract/config';
import { createTokenCipher } from '@breaker/db';
import { openTestDatabase } from '@breaker/db/testing';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { buildApp } from './app.js';
import { ORIGIN, type AppUnderTest } from './app.test-support.js';
import { createAbuseLimits } from './auth/abuse-limits.js';
import { createInProcessRunner } from './jobs/in-process-runner.js';
import type { JobRunner } from './jobs/job-runner.js';
import { createMailer } from './mail/mailer.js';

/** One JSON line the app logged. */
export type LogLine = Record<string, unknown> & { level: number; msg: string };

export const LEVEL = { info: 30, warn: 40, error: 50 } as const;

export interface LoggedApp extends AppUnderTest {
  /** Every line logged so far, parsed, oldest first. */
  readonly lines: LogLine[];
  /** Everything logged so far, as written. */
  text(): string;
}

/**
 * The real app on PGlite, logging at info with the production logger options into memory, serving the web app built
 * into `webDistDir` if given. Jobs run in-process unless `jobs` opens a runner (it gets the app's logger).
 */
export async function startLoggedApp(
  options: { webDistDir?: string; jobs?: (log: Logger) => Promise<JobRunner> } = {},
): Promise<LoggedApp> {
  const written: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = pino(loggerOptions({ logLevel: 'info' }, 'api'), sink);
  const database = await openTestDatabase('pglite');
  const config = parseConfig({ APP_URL: ORIGIN, LOG_LEVEL: 'info' });
  const now = () => new Date();
  const cipher = createTokenCipher(randomBytes(32));
  const jobs = options.jobs
    ? await options.jobs(logger)
    : createInProcessRunner({
        db: database.db,
        log: logger,
        now,
        google: config.google,
        cipher,
        allowPrivateFeeds: config.allowPrivateFeeds,
      });
  const mailer = createMailer(config);
  const app = await buildApp({
    deps: { config, database, db: database.db, jobs, mailer, limits: createAbuseLimits(), cipher, now },
    logger,
    webDistDir: options.webDistDir ?? '/nonexistent',
  });
  return {
    app,
    db: database.db,
    get lines() {
      return written.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => JSON.parse(line) as LogLine);
    },
    text: () => written.join(''),
    async close() {
      await app.close();
      await jobs.close();
      mailer.close();
      await database.dispose();
    },
  };
}
