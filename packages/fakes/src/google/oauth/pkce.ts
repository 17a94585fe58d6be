import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636. Google accepts both methods; `plain` is the default when a challenge comes without one. */
export type ChallengeMethod = 'S256' | 'plain';

/** code_verifier and code_challenge: 43–128 characters of [A-Z a-z 0-9 - . _ ~]. */
export const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

export function verifierMatches(verifier: string, challenge: string, method: ChallengeMethod): boolean {
  const derived = method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const expected = Buffer.from(challenge);
  const actual = Buffer.from(derived);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
