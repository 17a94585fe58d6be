/*
 * The routes read these parameters, so this file is in the first download of every screen: what /login says about
 * them is in sign-in-return-notice.ts, fetched with the sign-in screen.
 */

/** Query parameters the Google, Microsoft and single-sign-on round trips come back with (on /login and /google-login). */
export interface SignInReturnParams {
  error?: string;
}

export function signInReturnSearch(search: Record<string, unknown>): SignInReturnParams {
  return typeof search.error === 'string' ? { error: search.error } : {};
}
