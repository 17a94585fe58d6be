import { randomUUID } from 'node:crypto';
import { MicrosoftError } from '../http/respond.js';

/**
 * Graph's error JSON (graph.concept.errors.md): `{ error: { code, message, innerError: { date, request-id,
 * client-request-id } } }`.
 */
export function graphError(
  status: number,
  code: string,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): MicrosoftError {
  const requestId = randomUUID();
  const innerError = { date: new Date().toISOString().slice(0, 19), 'request-id': requestId, 'client-request-id': requestId };
  return new MicrosoftError(status, { error: { code, message, innerError } }, headers);
}

/** The throttling answer, body as in graph.concept.throttling.md. */
export function throttled(headers: Readonly<Record<string, string>>): MicrosoftError {
  const requestId = randomUUID();
  return new MicrosoftError(
    429,
    {
      error: {
        code: 'TooManyRequests',
        innerError: {
          code: '429',
          date: new Date().toISOString().slice(0, 19),
          message: 'Please retry after',
          'request-id': requestId,
          status: '429',
        },
        message: 'Please retry again later.',
      },
    },
    headers,
  );
}

export const unauthenticated = (): MicrosoftError =>
  graphError(401, 'InvalidAuthenticationToken', 'Access token is empty or invalid.');

export const accessDenied = (): MicrosoftError =>
  graphError(403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.');

export const itemNotFound = (): MicrosoftError =>
  graphError(404, 'ErrorItemNotFound', 'The specified object was not found in the store.');

export const invalidRequest = (message: string): MicrosoftError => graphError(400, 'ErrorInvalidRequest', message);
