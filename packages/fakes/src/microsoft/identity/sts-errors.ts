import { randomUUID } from 'node:crypto';
import { MicrosoftError } from '../http/respond.js';

/**
 * The token endpoint's error JSON (identity-platform.v2-oauth2-auth-code-flow.md, reference-error-codes.md):
 * `error`, `error_description` starting with the AADSTS code and ending in trace/correlation ids and a timestamp,
 * `error_codes`, `timestamp`, `trace_id`, `correlation_id`, `error_uri`. The pages give no HTTP status; 400 is what
 * OAuth 2.0 (RFC 6749 §5.2) prescribes and what the fake sends, 401 for a client that failed to authenticate.
 */
export function stsError(error: string, code: number, description: string, status = 400): MicrosoftError {
  const timestamp = new Date().toISOString().replace('T', ' ').slice(0, 19) + 'Z';
  const traceId = randomUUID();
  const correlationId = randomUUID();
  return new MicrosoftError(status, {
    error,
    error_description: `AADSTS${code}: ${description}\r\nTrace ID: ${traceId}\r\nCorrelation ID: ${correlationId}\r\nTimestamp: ${timestamp}`,
    error_codes: [code],
    timestamp,
    trace_id: traceId,
    correlation_id: correlationId,
    error_uri: `https://login.microsoftonline.com/error?code=${code}`,
  });
}

/** Why a refresh token stopped working; each has its own AADSTS code. */
export type GrantLoss = 'revoked' | 'expired';

export function lostGrant(loss: GrantLoss): MicrosoftError {
  return loss === 'revoked'
    ? stsError('invalid_grant', 50173, 'The provided grant has expired due to it being revoked, a fresh auth token is needed.')
    : stsError(
        'invalid_grant',
        700082,
        'The refresh token has expired due to inactivity. The token was issued on 2026-01-01T00:00:00Z and was inactive for 90.00:00:00.',
      );
}

export const missingParameter = (name: string): MicrosoftError =>
  stsError('invalid_request', 900144, `The request body must contain the following parameter: '${name}'.`);
