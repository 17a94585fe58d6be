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
import { microsoftIssuer, type MicrosoftIdentity } from '../microsoft/id-token.js';
import { freeUsername } from './accounts.js';

export const MICROSOFT_EMAIL_IN_USE = 'microsoft_email_in_use';

function names(identity: MicrosoftIdentity): { first_name: string | null; last_name: string | null } {
  const [first, ...rest] = (identity.name ?? '').trim().split(/\s+/).filter(Boolean);
  return { first_name: first ?? null, last_name: rest.length > 0 ? rest.join(' ') : null };
}

/**
 * Microsoft accounts are keyed by tenant and object id. As with Google, an e-mail another account already uses is
 * never merged silently: the person signs in the way they did before.
 */
export async function signInWithMicrosoft(deps: AppDeps, identity: MicrosoftIdentity): Promise<UserRow> {
  const profile = { ...names(identity), profile_image_url: null };
  // The sign-in identity: the tenant's v2.0 issuer and the `oid` (stable across apps, unlike the pairwise `sub`).
  const issuer = microsoftIssuer(identity.tenantId);
  const known = await findUserBySignInIdentity(deps.db, issuer, identity.objectId);
  if (known) return updateSignInProfile(deps.db, known.id, profile);
  if (identity.email && (await findUserByEmail(deps.db, identity.email))) throw new AppError('CONFLICT', MICROSOFT_EMAIL_IN_USE);
  const username = await freeUsername(deps.db, identity.email?.split('@')[0] ?? identity.name ?? 'user');
  const user = await createUserWithSignInIdentity(deps.db, { username, email: identity.email, ...profile }, newPreferences(), {
    issuer,
    subject: identity.objectId,
    email: identity.email,
  });
  deps.log.info({ userId: user.id }, 'account created with Microsoft');
  return user;
}
