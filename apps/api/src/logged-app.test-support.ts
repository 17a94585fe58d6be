import { loggerOptions } from '@breaker/api-contract/config';
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { startTestApp, type AppUnderTest } from './app.test-support.js';
import type { JobRunner } from './jobs/job-runner.js';

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
  const { jobs } = options;
  const subject = await startTestApp('pglite', {
    env: { LOG_LEVEL: 'info' },
    logger,
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
    ...(jobs ? { jobs: (_database, log) => jobs(log) } : {}),
  });
  return {
    ...subject,
    get lines() {
      return written.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => JSON.parse(line) as LogLine);
    },
    text: () => written.join(''),
  };
}
