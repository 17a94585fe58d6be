import { createHash, timingSafeEqual } from 'node:crypto';

/** Sent with every 401 so a browser shows its sign-in prompt (any user name, the token as password). */
export const OPERATOR_CHALLENGE = 'Basic realm="Breaker operators", charset="UTF-8"';

/**
 * Whether an `Authorization` header carries the operator token, as a Bearer token or as the
 * password of HTTP Basic auth. Both sides are hashed first so the comparison takes the same
 * time whatever the length or content of the guess.
 */
export function hasOperatorAccess(authorization: string | undefined, token: string): boolean {
  const offered = offeredToken(authorization);
  if (offered === undefined) return false;
  return timingSafeEqual(digest(offered), digest(token));
}

function offeredToken(authorization: string | undefined): string | undefined {
  const match = /^(Bearer|Basic)\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) return undefined;
  const [, scheme, value] = match as unknown as [string, string, string];
  if (scheme.toLowerCase() === 'bearer') return value;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? undefined : decoded.slice(colon + 1);
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
