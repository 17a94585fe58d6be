import { AppError } from '@breaker/api-contract';
import {
  createUserWithSignInIdentity,
  findUserByEmail,
  findUserBySignInIdentity,
  newPreferences,
  updateSignInProfile,
  type UserRow,
} from '@breaker/db';
import type { AppDeps } from '../deps.js';
import type { OidcProfile } from '../oidc/oidc-client.js';
import { freeUsername } from './accounts.js';

export const OIDC_EMAIL_IN_USE = 'oidc_email_in_use';

/** First and last name from the claims; a provider that gives only `name` fills the first name. */
function namesOf(profile: OidcProfile) {
  return {
    first_name: profile.givenName ?? (profile.familyName ? null : profile.name),
    last_name: profile.familyName,
  };
}

/**
 * Single-sign-on accounts are keyed by the provider's issuer and subject. As with Google (google-sign-in.ts), an
 * e-mail already used by another account is never merged silently: the person signs in the way they did before.
 */
export async function signInWithOidc(deps: AppDeps, profile: OidcProfile): Promise<UserRow> {
  const names = namesOf(profile);
  const known = await findUserBySignInIdentity(deps.db, profile.issuer, profile.subject);
  if (known) return updateSignInProfile(deps.db, known.id, { ...names, profile_image_url: known.profile_image_url });
  if (profile.email && (await findUserByEmail(deps.db, profile.email))) throw new AppError('CONFLICT', OIDC_EMAIL_IN_USE);
  const base = profile.preferredUsername ?? profile.email?.split('@')[0] ?? profile.name ?? 'user';
  const user = await createUserWithSignInIdentity(
    deps.db,
    { username: await freeUsername(deps.db, base), email: profile.email, ...names },
    newPreferences(),
    { issuer: profile.issuer, subject: profile.subject, email: profile.email },
  );
  deps.log.info({ userId: user.id }, 'account created with single sign-on');
  return user;
}
