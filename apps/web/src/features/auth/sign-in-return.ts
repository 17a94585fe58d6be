/** Query parameters the Google sign-in round trip comes back with (on /login and /google-login). */
export interface SignInReturnParams {
  error?: string;
}

export function signInReturnSearch(search: Record<string, unknown>): SignInReturnParams {
  return typeof search.error === 'string' ? { error: search.error } : {};
}

const GOOGLE_SIGN_IN_ERRORS = new Map([
  ['google_email_in_use', 'An account with this email already exists. Sign in with your password.'],
  ['google_failed', 'Google sign-in did not complete. Please try again.'],
]);

/** The destructive toast /login shows for an `error` parameter; undefined for anything it does not know. */
export function signInReturnNotice({ error }: SignInReturnParams): { title: string; message: string } | undefined {
  // A Map, so that ?error=toString finds nothing rather than Object.prototype.toString.
  const message = error === undefined ? undefined : GOOGLE_SIGN_IN_ERRORS.get(error);
  return message === undefined ? undefined : { title: 'Google sign-in failed', message };
}
