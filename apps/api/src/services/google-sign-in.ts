import { AppError } from '@breaker/api-contract';
import {
  findUserByEmail,
  findUserByGoogleSubject,
  insertUserWithPreferences,
  newPreferences,
  updateSignInProfile,
  type UserRow,
} from '@breaker/db';
import type { AppDeps } from '../deps.js';
import type { GoogleProfile } from '../google/userinfo.js';
import { freeUsername } from './accounts.js';

export const GOOGLE_EMAIL_IN_USE = 'google_email_in_use';

/**
 * Google accounts are keyed by Google's subject id. An e-mail already used by a password account is never
 * merged silently: the person signs in with their password instead.
 */
export async function signInWithGoogle(deps: AppDeps, profile: GoogleProfile): Promise<UserRow> {
  const names = {
    first_name: profile.given_name ?? null,
    last_name: profile.family_name ?? null,
    profile_image_url: profile.picture ?? null,
  };
  const known = await findUserByGoogleSubject(deps.db, profile.id);
  if (known) return updateSignInProfile(deps.db, known.id, names);
  if (await findUserByEmail(deps.db, profile.email)) throw new AppError('CONFLICT', GOOGLE_EMAIL_IN_USE);
  const username = await freeUsername(deps.db, profile.email.split('@')[0] ?? profile.name ?? 'user');
  const user = await insertUserWithPreferences(
    deps.db,
    { username, email: profile.email, google_subject: profile.id, ...names },
    newPreferences(),
  );
  deps.log.info({ userId: user.id }, 'account created with Google');
  return user;
}
