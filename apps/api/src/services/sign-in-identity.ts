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
import { freeUsername } from './accounts.js';

/** Who a sign-in provider says the person is, in the terms every provider (Microsoft, OpenID Connect) maps to. */
export interface SignInIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  names: { first_name: string | null; last_name: string | null };
  /** What a new account's username is made from, before it is made unique. */
  usernameBase: string;
}

/**
 * Accounts keyed by issuer and subject: a known one gets its names refreshed; an e-mail another account already uses
 * is never merged silently (AppError CONFLICT with `emailInUse`, so the person signs in the way they did before);
 * otherwise a new account is made with the identity linked.
 */
export async function signInWithIdentity(
  deps: AppDeps,
  identity: SignInIdentity,
  options: { emailInUse: string; via: string },
): Promise<UserRow> {
  const known = await findUserBySignInIdentity(deps.db, identity.issuer, identity.subject);
  if (known) return updateSignInProfile(deps.db, known.id, { ...identity.names, profile_image_url: known.profile_image_url });
  if (identity.email && (await findUserByEmail(deps.db, identity.email))) throw new AppError('CONFLICT', options.emailInUse);
  const user = await createUserWithSignInIdentity(
    deps.db,
    { username: await freeUsername(deps.db, identity.usernameBase), email: identity.email, ...identity.names },
    newPreferences(),
    { issuer: identity.issuer, subject: identity.subject, email: identity.email },
  );
  deps.log.info({ userId: user.id }, `account created with ${options.via}`);
  return user;
}
