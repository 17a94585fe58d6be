import type { SignInReturnParams } from './sign-in-return';

const GOOGLE_FAILED = 'Google sign-in failed';
const MICROSOFT_FAILED = 'Microsoft sign-in failed';
const SINGLE_SIGN_ON_FAILED = 'Single sign-on failed';
const EMAIL_IN_USE = 'An account with this email already exists. Sign in with your password.';

const SIGN_IN_ERRORS = new Map([
  ['google_email_in_use', { title: GOOGLE_FAILED, message: EMAIL_IN_USE }],
  ['google_failed', { title: GOOGLE_FAILED, message: 'Google sign-in did not complete. Please try again.' }],
  ['microsoft_email_in_use', { title: MICROSOFT_FAILED, message: EMAIL_IN_USE }],
  ['microsoft_failed', { title: MICROSOFT_FAILED, message: 'Microsoft sign-in did not complete. Please try again.' }],
  [
    'microsoft_not_configured',
    {
      title: MICROSOFT_FAILED,
      message: 'Microsoft sign-in is not configured on this server. Use your username and password instead.',
    },
  ],
  [
    'oidc_email_in_use',
    { title: SINGLE_SIGN_ON_FAILED, message: 'An account with this email already exists. Sign in the way you did before.' },
  ],
  ['oidc_failed', { title: SINGLE_SIGN_ON_FAILED, message: 'Single sign-on did not complete. Please try again.' }],
  [
    'oidc_unavailable',
    { title: SINGLE_SIGN_ON_FAILED, message: 'The sign-on provider could not be reached. Please try again later.' },
  ],
  ['oidc_not_configured', { title: SINGLE_SIGN_ON_FAILED, message: 'Single sign-on is not configured on this server.' }],
]);

/** The destructive toast /login shows for an `error` parameter; undefined for anything it does not know. */
export function signInReturnNotice({ error }: SignInReturnParams): { title: string; message: string } | undefined {
  // A Map, so that ?error=toString finds nothing rather than Object.prototype.toString.
  return error === undefined ? undefined : SIGN_IN_ERRORS.get(error);
}
