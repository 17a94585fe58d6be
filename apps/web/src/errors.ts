import { TRPCClientError } from '@trpc/client';

/** The server's human-readable message, or the fallback when the call never reached the server. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError) return error.shape && error.message ? error.message : fallback;
  return fallback;
}

export function httpStatus(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  if (typeof data === 'object' && data !== null && 'httpStatus' in data && typeof data.httpStatus === 'number') {
    return data.httpStatus;
  }
  return undefined;
}
