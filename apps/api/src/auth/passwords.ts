import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum recommendation (19 MiB, 2 passes, 1 lane). */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Verified against when the user does not exist, so an unknown name costs the same time as a wrong password. */
const decoyHash = hash('decoy password that never matches', OPTIONS);

export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
