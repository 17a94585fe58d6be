import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { randomBytes } from 'node:crypto';

/** 160 bits from the CSPRNG, as 32 base32 characters: session cookies and reset links alike. */
export function generateSecret(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(20));
}

export function isWellFormedSecret(secret: string): boolean {
  return /^[a-z2-7]{32}$/.test(secret);
}

/** What the database keeps instead of a secret. */
export function hashSecret(secret: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(secret)));
}
