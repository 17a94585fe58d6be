import { createHash } from 'node:crypto';
import type { AccountProfile } from '../state/accounts.js';
import { USERINFO_EMAIL, USERINFO_PROFILE } from './scopes.js';
import type { SigningKey } from './signing-key.js';

/** Google's issuer; clients check `iss` against it, so the fake keeps it even though it serves another origin. */
export const GOOGLE_ISSUER = 'https://accounts.google.com';
const ID_TOKEN_LIFETIME_SECONDS = 3600;

export interface IdTokenSubject {
  clientId: string;
  profile: AccountProfile;
  scopes: readonly string[];
  accessToken: string;
  nonce?: string;
}

/** OIDC at_hash: the left half of SHA-256 of the access token, base64url. */
function accessTokenHash(accessToken: string): string {
  return createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url');
}

/** An RS256 id_token with Google's claims in Google's order; e-mail and profile claims follow the granted scopes. */
export function signIdToken(key: SigningKey, subject: IdTokenSubject, now: number): string {
  const { profile, scopes } = subject;
  const issuedAt = Math.floor(now / 1000);
  const withEmail = scopes.includes(USERINFO_EMAIL);
  const withProfile = scopes.includes(USERINFO_PROFILE);
  return key.signJwt({
    iss: GOOGLE_ISSUER,
    azp: subject.clientId,
    aud: subject.clientId,
    sub: profile.sub,
    ...(withEmail && { email: profile.email, email_verified: true }),
    at_hash: accessTokenHash(subject.accessToken),
    ...(subject.nonce !== undefined && { nonce: subject.nonce }),
    ...(withProfile && {
      name: profile.name,
      picture: profile.picture,
      given_name: profile.givenName,
      family_name: profile.familyName,
    }),
    iat: issuedAt,
    exp: issuedAt + ID_TOKEN_LIFETIME_SECONDS,
  });
}
