import { AppError, SERVER_MESSAGES } from '@breaker/api-contract';
import { isBreakOverlap } from '@breaker/db';
import { ProviderUnavailable } from '@breaker/jobs';
import { ZodError } from 'zod';

export interface HttpError {
  status: number;
  message: string;
  /** Unexpected failures are logged in full; expected ones are not noise. */
  expected: boolean;
  /**
   * PostgreSQL or Redis is unreachable: expected, and the outage is reported once by itself (watchRedisOutages in @breaker/jobs),
   * so each request it fails gets one warning line without a stack.
   */
  outage: boolean;
  /** A calendar server the user connected is down: expected, one warning line with its reason. */
  providerDown?: boolean;
  retryAfterSeconds?: number | undefined;
}

/** How long a client waits before trying again while PostgreSQL or Redis is unreachable. */
const OUTAGE_RETRY_SECONDS = 5;

/** The single translation of any thrown value into what a client sees; REST and tRPC both use it. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof ProviderUnavailable) {
    return { status: error.status, message: error.message, expected: true, outage: false, providerDown: true };
  }
  if (error instanceof AppError) {
    // The job runner's 503s wrap what Redis answered; any other 5xx it raises is a bug to read in full.
    const outage = error.status === 503 && isDependencyDown(error.cause);
    return {
      status: error.status,
      message: error.message,
      expected: error.status < 500 || outage,
      outage,
      retryAfterSeconds: error.retryAfterSeconds ?? (outage ? OUTAGE_RETRY_SECONDS : undefined),
    };
  }
  if (error instanceof ZodError) return { status: 400, message: firstIssueMessage(error), expected: true, outage: false };
  // The database's own guarantee caught a write that the checks under the user's lock should have refused.
  if (isBreakOverlap(error)) return { status: 409, message: SERVER_MESSAGES.breakOverlaps, expected: true, outage: false };
  if (isDependencyDown(error)) {
    return {
      status: 503,
      message: SERVER_MESSAGES.unavailable,
      expected: true,
      outage: true,
      retryAfterSeconds: OUTAGE_RETRY_SECONDS,
    };
  }
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) {
    return { status, message: clientMessage(error, status), expected: true, outage: false };
  }
  return { status: 500, message: SERVER_MESSAGES.internal, expected: false, outage: false };
}

interface FailureLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * A bug is logged in full with its stack, an outage in one line, a client's own mistake not at all, and an answer cut
 * short because its client went away (a browser leaving a page while a compressed answer streams) in one info line:
 * `responseClosed` says the response's connection had closed when the failure was seen.
 */
export function logRequestFailure(log: FailureLog, error: unknown, http: HttpError, responseClosed = false): void {
  if (responseClosed && codeOf(error) === 'ERR_STREAM_PREMATURE_CLOSE') {
    log.info({ reason: 'ERR_STREAM_PREMATURE_CLOSE' }, 'request ended early: the client left');
  } else if (!http.expected) {
    log.error({ err: error }, 'request failed');
  } else if (http.outage) {
    const reason = dependencyDownReason(error);
    log.warn({ statusCode: http.status, reason }, 'request failed: PostgreSQL or Redis is unreachable');
  } else if (http.providerDown) {
    log.warn({ statusCode: http.status, reason: http.message }, 'request failed: the calendar server is unreachable');
  }
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

export function firstIssueMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid';
  const field = issue.path.length > 0 ? issue.path.join('.') : undefined;
  // Messages written for people (the spec's) stand alone; zod's generic ones need the field name.
  return field && /^(Invalid|Expected|Required|Too)/.test(issue.message) ? `${field}: ${issue.message}` : issue.message;
}

/** Socket errors and PostgreSQL's shutdown / cannot-connect codes: the database or Redis is down or restarting. */
const DEPENDENCY_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
const DEPENDENCY_DOWN_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Connection is closed|Stream isn't writeable/;

/** A request failing because PostgreSQL or Redis is unreachable is the server's temporary state, not a bug: 503. */
export function isDependencyDown(error: unknown): boolean {
  return dependencyDownReason(error) !== undefined;
}

/** The message of the error, or of the cause of it, that says a connection is refused, lost or late. */
function dependencyDownReason(error: unknown): string | undefined {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    const said = typeof message === 'string' ? message : String(code);
    if (typeof code === 'string' && DEPENDENCY_DOWN_CODES.has(code)) return said;
    if (typeof message === 'string' && DEPENDENCY_DOWN_MESSAGES.test(message)) return said;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number') {
    return error.statusCode;
  }
  return undefined;
}

/** Fastify's own 4xx errors (bad JSON, wrong content type, body too large) have messages fit to show. */
function clientMessage(error: unknown, status: number): string {
  if (error instanceof Error && error.message) return error.message;
  return status === 404 ? SERVER_MESSAGES.notFound : 'The request is not valid';
}
