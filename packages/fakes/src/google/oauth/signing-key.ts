import { createSign, generateKeyPair, randomBytes, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';

/**
 * The RSA key the fake signs id_tokens with (RS256, like Google). Its public half is served in Google's two formats —
 * JWKS at /oauth2/v3/certs and PEM at /oauth2/v1/certs — so a client can verify tokens exactly as it would Google's.
 */
export class SigningKey {
  private constructor(
    readonly keyId: string,
    private readonly privateKey: KeyObject,
    private readonly publicKey: KeyObject,
  ) {}

  static async generate(): Promise<SigningKey> {
    const { privateKey, publicKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
    return new SigningKey(randomBytes(20).toString('hex'), privateKey, publicKey);
  }

  signJwt(claims: Record<string, unknown>): string {
    const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signingInput = `${encode({ alg: 'RS256', kid: this.keyId, typ: 'JWT' })}.${encode(claims)}`;
    const signature = createSign('RSA-SHA256').update(signingInput).sign(this.privateKey, 'base64url');
    return `${signingInput}.${signature}`;
  }

  jwks(): { keys: Array<Record<string, unknown>> } {
    const { n, e } = this.publicKey.export({ format: 'jwk' });
    return { keys: [{ e, kty: 'RSA', kid: this.keyId, use: 'sig', alg: 'RS256', n }] };
  }

  pemCertificates(): Record<string, string> {
    return { [this.keyId]: this.publicKey.export({ format: 'pem', type: 'spki' }).toString() };
  }
}
