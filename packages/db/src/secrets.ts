import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { hash, randomBytes } from 'node:crypto';

/** 160 bits from the CSPRNG, as 32 base32 characters: session cookies and reset links alike. */
export function generateSecret(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(20));
}

export function isWellFormedSecret(secret: string): boolean {
  return /^[a-z2-7]{32}$/.test(secret);
}

/** What the database keeps instead of a secret: its SHA-256 in hex, by node's native hashing (every request does it). */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}
