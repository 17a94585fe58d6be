import type { UserRow } from '@breaker/db';
import type { AppDeps } from '../deps.js';
import { microsoftIssuer, type MicrosoftIdentity } from '../microsoft/id-token.js';
import { signInWithIdentity } from './sign-in-identity.js';

export const MICROSOFT_EMAIL_IN_USE = 'microsoft_email_in_use';

function names(identity: MicrosoftIdentity): { first_name: string | null; last_name: string | null } {
  const [first, ...rest] = (identity.name ?? '').trim().split(/\s+/).filter(Boolean);
  return { first_name: first ?? null, last_name: rest.length > 0 ? rest.join(' ') : null };
}

/** Microsoft accounts are keyed by the tenant's v2.0 issuer and the `oid` (stable across apps, unlike the pairwise `sub`). */
export function signInWithMicrosoft(deps: AppDeps, identity: MicrosoftIdentity): Promise<UserRow> {
  return signInWithIdentity(
    deps,
    {
      issuer: microsoftIssuer(identity.tenantId),
      subject: identity.objectId,
      email: identity.email,
      names: names(identity),
      usernameBase: identity.email?.split('@')[0] ?? identity.name ?? 'user',
    },
    { emailInUse: MICROSOFT_EMAIL_IN_USE, via: 'Microsoft' },
  );
}
