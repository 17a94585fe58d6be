import type { UserRow } from '@breaker/db';
import type { AppDeps } from '../deps.js';
import type { OidcProfile } from '../oidc/oidc-client.js';
import { signInWithIdentity } from './sign-in-identity.js';

export const OIDC_EMAIL_IN_USE = 'oidc_email_in_use';

/** First and last name from the claims; a provider that gives only `name` fills the first name. */
function namesOf(profile: OidcProfile) {
  return {
    first_name: profile.givenName ?? (profile.familyName ? null : profile.name),
    last_name: profile.familyName,
  };
}

/** Single-sign-on accounts are keyed by the provider's issuer and subject. */
export function signInWithOidc(deps: AppDeps, profile: OidcProfile): Promise<UserRow> {
  return signInWithIdentity(
    deps,
    {
      issuer: profile.issuer,
      subject: profile.subject,
      email: profile.email,
      names: namesOf(profile),
      usernameBase: profile.preferredUsername ?? profile.email?.split('@')[0] ?? profile.name ?? 'user',
    },
    { emailInUse: OIDC_EMAIL_IN_USE, via: 'single sign-on' },
  );
}
