import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readOrCreateKeyFile } from './data-dir-keys.js';

/**
 * AES-256-GCM for secrets kept at rest (Google refresh tokens, private ICS feed URLs): a leaked database
 * yields nothing without the key, which never touches the database.
 */
export interface TokenCipher {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';

export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error('the token encryption key must be 32 bytes');
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || !iv || !body || !tag) throw new Error('not a sealed token');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The key comes from TOKEN_ENCRYPTION_KEY (base64, 32 bytes) when set; otherwise it is generated once into
 * `$DATA_DIR/keys/` (readable by this user only), so a single-machine install needs no setup.
 */
export function loadTokenKey(options: { base64Key: string | undefined; dataDir: string }): Buffer {
  if (options.base64Key) return Buffer.from(options.base64Key, 'base64');
  return Buffer.from(
    readOrCreateKeyFile(options.dataDir, 'token-encryption.key', () => randomBytes(32).toString('base64')),
    'base64',
  );
}
