/**
 * Parsing and expanding a feed takes seconds of CPU for a big calendar (docs/decisions/007-ics-worker-threads.md):
 * it runs on worker threads here, so the process's event loop keeps answering while it does. One pool per process,
 * started on first use and closed by the process's shutdown (closeIcsPool).
 */
import { AppError } from '@breaker/api-contract';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { IcsEvent, IcsOptions } from './ics-events.js';
import type { ParseResult, ParseTask } from './ics-parse-worker.js';

/** A feed is at most 5 MB (feed-fetch.ts); its parse tree takes some ten times that. */
const THREAD_HEAP_MB = 256;
const PARSE_TIMEOUT_MS = 30_000;
/** Feeds waiting for a thread, each holding up to 5 MB of text: more are refused for now. */
const MAX_WAITING = 16;
const IDLE_THREAD_MS = 30_000;
/** Threads yield the CPU to the event loop when both want it (Linux thread priority). */
const NICE_INCREMENT = 10;

let pool: Piscina<ParseTask, ParseResult> | undefined;

/**
 * Built (dist/*.js), the worker is a JavaScript file next to this one. From TypeScript sources (vitest, tsx) it is a
 * .ts file, which a worker thread only loads with tsx's loader and the packages' source condition.
 */
function workerFile(): { filename: string; execArgv?: string[] } {
  if (!import.meta.url.endsWith('.ts')) return { filename: new URL('./ics-parse-worker.js', import.meta.url).href };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return {
    filename: new URL('./ics-parse-worker.ts', import.meta.url).href,
    execArgv: ['--conditions=@breaker/source', '--import', tsx],
  };
}

function icsPool(): Piscina<ParseTask, ParseResult> {
  pool ??= new Piscina<ParseTask, ParseResult>({
    ...workerFile(),
    minThreads: 0,
    // Half the cores: the event loop and the database keep the rest.
    maxThreads: Math.max(1, Math.floor(availableParallelism() / 2)),
    idleTimeout: IDLE_THREAD_MS,
    maxQueue: MAX_WAITING,
    niceIncrement: NICE_INCREMENT,
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
  });
  return pool;
}

const TOO_COMPLEX = 'The calendar feed is too large or complex to read';

/** iCalendar text → the events of a window (icsEvents), computed on a worker thread. */
export async function parseFeedOffThread(text: string, options: IcsOptions): Promise<IcsEvent[]> {
  let result: ParseResult;
  try {
    result = await icsPool().run({ text, options }, { signal: AbortSignal.timeout(PARSE_TIMEOUT_MS) });
  } catch (error) {
    throw poolFailure(error);
  }
  if (result.kind === 'events') return result.events;
  if (result.kind === 'refused') throw new AppError(result.code, result.message);
  throw new AppError('BAD_REQUEST', 'The calendar feed could not be read as iCalendar', { cause: new Error(result.reason) });
}

function poolFailure(error: unknown): AppError {
  const code = (error as { code?: unknown }).code;
  const name = (error as { name?: unknown }).name;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return new AppError('PAYLOAD_TOO_LARGE', TOO_COMPLEX, { cause: error });
  if (name === 'AbortError') return new AppError('PAYLOAD_TOO_LARGE', `${TOO_COMPLEX} in time`, { cause: error });
  if (error instanceof Error && error.message === 'Task queue is at limit') {
    return new AppError('UNAVAILABLE', 'Many calendar feeds are being read right now; try again in a minute', {
      cause: error,
      retryAfterSeconds: 60,
    });
  }
  return new AppError('UNAVAILABLE', 'The calendar feed could not be read just now', { cause: error });
}

/** Waits for feeds being read, then stops the threads; the next parse starts a new pool. */
export async function closeIcsPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.close();
}
