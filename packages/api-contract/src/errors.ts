/**
 * The one error type of Breaker. Services throw it; the REST shims and tRPC turn it into
 * an HTTP status and a `{ message }` body in one place each.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  NOT_IMPLEMENTED: 501,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  /** For TOO_MANY_REQUESTS and UNAVAILABLE: when trying again makes sense (sent as `Retry-After`). */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown; retryAfterSeconds?: number }) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
