import { googleEndpoints, type Config } from '@breaker/api-contract/config';
import { auth, calendar, type calendar_v3 } from '@googleapis/calendar';

/** Every Google request gives up after this long; the retry policy decides what happens next. */
export const GOOGLE_REQUEST_TIMEOUT_MS = 10_000;

export type GoogleSettings = NonNullable<Config['google']>;

/** Google's OAuth client for one grant, pointed at GOOGLE_BASE_URL when set. */
function createOAuthClient(google: GoogleSettings, refreshToken: string) {
  const endpoints = googleEndpoints(google);
  const oauth = new auth.OAuth2({
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    endpoints: {
      oauth2AuthBaseUrl: `${endpoints.authorizeHost}${endpoints.authorizePath}`,
      oauth2TokenUrl: `${endpoints.tokenHost}${endpoints.tokenPath}`,
      oauth2RevokeUrl: `${endpoints.tokenHost}${endpoints.revokePath}`,
      tokenInfoUrl: `${endpoints.tokenHost}/tokeninfo`,
    },
  });
  oauth.setCredentials({ refresh_token: refreshToken });
  return oauth;
}

/** Google's own client, pointed at GOOGLE_BASE_URL when set; the access token is refreshed from the refresh token as needed. */
export function createCalendarClient(
  google: GoogleSettings,
  refreshToken: string,
  timeoutMs: number = GOOGLE_REQUEST_TIMEOUT_MS,
): calendar_v3.Calendar {
  return calendar({
    version: 'v3',
    auth: createOAuthClient(google, refreshToken),
    rootUrl: googleEndpoints(google).apiRootUrl,
    timeout: timeoutMs,
    retry: false,
  });
}

/**
 * Ends the grant at Google: revoking the refresh token revokes every token of the grant, as Google documents. A token
 * Google no longer knows (revoked already, say) is answered 400 there, and is as good as revoked here.
 */
export async function revokeGrant(google: GoogleSettings, refreshToken: string): Promise<void> {
  try {
    await createOAuthClient(google, refreshToken).revokeToken(refreshToken);
  } catch (error) {
    if (!isInvalidToken(error)) throw error;
  }
}

function isInvalidToken(error: unknown): boolean {
  const data = (error as { response?: { status?: number; data?: { error?: unknown } } }).response;
  return data?.status === 400 && data.data?.error === 'invalid_token';
}

/** The token endpoint's answer when the user revoked access or the refresh token expired. */
export function isInvalidGrant(error: unknown): boolean {
  const data = (error as { response?: { data?: { error?: unknown } } }).response?.data;
  return data?.error === 'invalid_grant' || (error instanceof Error && error.message === 'invalid_grant');
}
