/** Query parameters the Google or Microsoft sign-in round trip comes back with (on /login and /google-login). */
export interface SignInReturnParams {
  error?: string;
}

export function signInReturnSearch(search: Record<string, unknown>): SignInReturnParams {
  return typeof search.error === 'string' ? { error: search.error } : {};
}

const EMAIL_IN_USE = 'An account with this email already exists. Sign in with your password.';

const SIGN_IN_ERRORS = new Map([
  ['google_email_in_use', { title: 'Google sign-in failed', message: EMAIL_IN_USE }],
  ['google_failed', { title: 'Google sign-in failed', message: 'Google sign-in did not complete. Please try again.' }],
  ['microsoft_email_in_use', { title: 'Microsoft sign-in failed', message: EMAIL_IN_USE }],
  ['microsoft_failed', { title: 'Microsoft sign-in failed', message: 'Microsoft sign-in did not complete. Please try again.' }],
  [
    'microsoft_not_configured',
    {
      title: 'Microsoft sign-in failed',
      message: 'Microsoft sign-in is not configured on this server. Use your username and password instead.',
    },
  ],
]);

/** The destructive toast /login shows for an `error` parameter; undefined for anything it does not know. */
export function signInReturnNotice({ error }: SignInReturnParams): { title: string; message: string } | undefined {
  // A Map, so that ?error=toString finds nothing rather than Object.prototype.toString.
  return error === undefined ? undefined : SIGN_IN_ERRORS.get(error);
}
