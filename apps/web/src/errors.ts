import { TRPCClientError } from '@trpc/client';

/** A non-ok answer from one of the REST endpoints, carrying the server's `message`. */
export class ServerError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ServerError';
    this.status = status;
  }
}

/** The server's human-readable message, or the fallback when the call never reached the server. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError) return error.shape && error.message ? error.message : fallback;
  if (error instanceof ServerError && error.message) return error.message;
  return fallback;
}

export function httpStatus(error: unknown): number | undefined {
  if (error instanceof ServerError) return error.status;
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  if (typeof data === 'object' && data !== null && 'httpStatus' in data && typeof data.httpStatus === 'number') {
    return data.httpStatus;
  }
  return undefined;
}
