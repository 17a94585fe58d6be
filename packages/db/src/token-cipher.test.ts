import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTokenCipher, loadTokenKey } from './token-cipher.js';

describe('token cipher', () => {
  it('seals and opens, with a fresh nonce each time, and refuses tampering', () => {
    const cipher = createTokenCipher(Buffer.alloc(32, 7));
    const a = cipher.seal('1//refresh-token');
    const b = cipher.seal('1//refresh-token');
    expect(a).not.toBe(b);
    expect(a).not.toContain('refresh-token');
    expect(cipher.open(a)).toBe('1//refresh-token');
    const [version, iv, body, tag] = a.split('.');
    const flipped = `${version}.${iv}.${body!.slice(0, -2)}AA.${tag}`;
    expect(() => cipher.open(flipped)).toThrow();
    expect(() => createTokenCipher(Buffer.alloc(32, 8)).open(a)).toThrow();
  });

  it('generates a key once into the data directory, private to this user', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'breaker-key-'));
    const first = loadTokenKey({ base64Key: undefined, dataDir });
    const second = loadTokenKey({ base64Key: undefined, dataDir });
    expect(first.equals(second)).toBe(true);
    expect(first).toHaveLength(32);
    expect(statSync(join(dataDir, 'keys', 'token-encryption.key')).mode & 0o777).toBe(0o600);
    expect(loadTokenKey({ base64Key: Buffer.alloc(32, 1).toString('base64'), dataDir }).equals(Buffer.alloc(32, 1))).toBe(true);
  });
});
