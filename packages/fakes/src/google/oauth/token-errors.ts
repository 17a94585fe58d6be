import { ErrorResponse } from '../http/error-response.js';

/**
 * Token endpoint errors (RFC 6749 §5.2): `invalid_grant` is a 400 and `invalid_client` a 401. The bodies in
 * reference/responses (oauth2.token.*) are reproduced exactly; the other descriptions are the ones Google's token
 * endpoint is seen returning.
 */

export const NO_STORE = { 'cache-control': 'no-cache, no-store, max-age=0, must-revalidate', pragma: 'no-cache' };

export function tokenError(status: 400 | 401, error: string, description: string): ErrorResponse {
  return new ErrorResponse(status, { error, error_description: description }, NO_STORE);
}

/** oauth2.token.400-invalid_grant.json: a refresh token that expired or was revoked. */
export const refreshTokenRevoked = (): ErrorResponse => tokenError(400, 'invalid_grant', 'Token has been expired or revoked.');

/** oauth2.token.400-invalid_grant.bad-request.json: an unknown, used or expired authorization code. */
export const badGrant = (): ErrorResponse => tokenError(400, 'invalid_grant', 'Bad Request');

/** oauth2.token.401-invalid_client.json. */
export const clientNotFound = (): ErrorResponse => tokenError(401, 'invalid_client', 'The OAuth client was not found.');

export const wrongClientSecret = (): ErrorResponse => tokenError(401, 'invalid_client', 'Unauthorized');

export const invalidRequest = (description: string): ErrorResponse => tokenError(400, 'invalid_request', description);
