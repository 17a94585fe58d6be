import { ErrorResponse } from './http/error-response.js';

/**
 * Error bodies of Google's JSON APIs (Calendar v3, OAuth2 v2 userinfo). Where a body appears in
 * /work/shared/reference/responses it is reproduced key for key (fixtures/ holds copies the tests compare against);
 * the source of every other body is noted beside it.
 */

export interface ErrorItem {
  domain: string;
  reason: string;
  message: string;
  locationType?: 'parameter' | 'header';
  location?: string;
}

/** The documented form: `{ error: { errors, code, message } }` (Google's "Handle API errors" page, CC BY 4.0). */
export function apiError(status: number, item: ErrorItem, headers: Readonly<Record<string, string>> = {}): ErrorResponse {
  return new ErrorResponse(status, { error: { errors: [item], code: status, message: item.message } }, headers);
}

/** Which of the two captured 401 bodies to send; both are real, the observed one is what Google sent in 2024. */
export type AuthErrorForm = 'documented' | 'observed';

const INVALID_TOKEN_CHALLENGE = { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' };

/** calendar.error.401-authError.json and calendar.error.401-authError.observed-with-status.json. */
export function authError(form: AuthErrorForm): ErrorResponse {
  if (form === 'documented') {
    return apiError(
      401,
      {
        domain: 'global',
        reason: 'authError',
        message: 'Invalid Credentials',
        locationType: 'header',
        location: 'Authorization',
      },
      INVALID_TOKEN_CHALLENGE,
    );
  }
  return new ErrorResponse(
    401,
    {
      error: {
        code: 401,
        message:
          'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
        errors: [
          {
            message: 'Invalid Credentials',
            domain: 'global',
            reason: 'authError',
            location: 'Authorization',
            locationType: 'header',
          },
        ],
        status: 'UNAUTHENTICATED',
      },
    },
    INVALID_TOKEN_CHALLENGE,
  );
}

/**
 * A token without a scope the method accepts. Body as captured from calendarList.list (analogdotnow/Analog#296) and
 * events.list (GeneralTask/task-manager#2160); `method` is the RPC name Google puts in the details.
 */
export function insufficientPermissions(method: string, acceptedScopes: readonly string[]): ErrorResponse {
  return new ErrorResponse(
    403,
    {
      error: {
        code: 403,
        message: 'Request had insufficient authentication scopes.',
        errors: [{ message: 'Insufficient Permission', domain: 'global', reason: 'insufficientPermissions' }],
        status: 'PERMISSION_DENIED',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
            domain: 'googleapis.com',
            metadata: { service: 'calendar-json.googleapis.com', method },
          },
        ],
      },
    },
    {
      'www-authenticate': `Bearer realm="https://accounts.google.com/", error="insufficient_scope", scope="${acceptedScopes.join(' ')}"`,
    },
  );
}

export type RateLimitReason = 'rateLimitExceeded' | 'userRateLimitExceeded';

/** calendar.error.403-rateLimitExceeded.json, calendar.error.429-rateLimitExceeded.json and the documented 403 userRateLimitExceeded. */
export function rateLimited(
  status: 403 | 429,
  reason: RateLimitReason,
  headers: Readonly<Record<string, string>>,
): ErrorResponse {
  const message = reason === 'userRateLimitExceeded' ? 'User Rate Limit Exceeded' : 'Rate Limit Exceeded';
  return apiError(status, { domain: 'usageLimits', reason, message }, headers);
}

/** The documented 500 backendError; Google documents no 503 body, so 503 carries the same one with its own code. */
export function backendError(status: 500 | 503, headers: Readonly<Record<string, string>>): ErrorResponse {
  return apiError(status, { domain: 'global', reason: 'backendError', message: 'Backend Error' }, headers);
}

export const notFound = (): ErrorResponse => apiError(404, { domain: 'global', reason: 'notFound', message: 'Not Found' });

/** 410 for an event that was already deleted (documented `deleted`). */
export const alreadyDeleted = (): ErrorResponse =>
  apiError(410, { domain: 'global', reason: 'deleted', message: 'Resource has been deleted' });

export const fullSyncRequired = (): ErrorResponse =>
  apiError(410, {
    domain: 'calendar',
    reason: 'fullSyncRequired',
    message: 'Sync token is no longer valid, a full sync is required.',
    locationType: 'parameter',
    location: 'syncToken',
  });

export const timeRangeEmpty = (): ErrorResponse =>
  apiError(400, {
    domain: 'calendar',
    reason: 'timeRangeEmpty',
    message: 'The specified time range is empty.',
    locationType: 'parameter',
    location: 'timeMax',
  });

export const duplicateId = (): ErrorResponse =>
  apiError(409, { domain: 'global', reason: 'duplicate', message: 'The requested identifier already exists.' });

/** What Google answers for a timeMin/timeMax without an offset or otherwise not RFC 3339. */
export const badRequest = (): ErrorResponse => apiError(400, { domain: 'global', reason: 'badRequest', message: 'Bad Request' });

/** The generic apiary answer for a parameter value the method refuses. */
export const invalidParameter = (location: string, message = 'Invalid Value'): ErrorResponse =>
  apiError(400, { domain: 'global', reason: 'invalid', message, locationType: 'parameter', location });

/** orderBy=startTime without singleEvents=true, as captured in googleworkspace/java-samples#52. */
export const orderingNotAvailable = (): ErrorResponse =>
  invalidParameter('orderBy', 'The requested ordering is not available for the particular query.');

/** An event body field the API refuses (e.g. "Missing end time.", "Invalid recurrence rule."). */
export const invalidEvent = (reason: 'required' | 'invalid', message: string): ErrorResponse =>
  apiError(400, { domain: 'global', reason, message });

/** A write to a calendar shared read-only with the user. */
export const writerAccessRequired = (): ErrorResponse =>
  apiError(403, {
    domain: 'calendar',
    reason: 'requiredAccessLevel',
    message: 'You need to have writer access to this calendar.',
  });

export const parseError = (): ErrorResponse => apiError(400, { domain: 'global', reason: 'parseError', message: 'Parse Error' });
