import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptAes128gcm } from './aes128gcm.js';

/** RFC 8291 Appendix A: the worked example of an encrypted push message. */
const RFC_8291_EXAMPLE = {
  userAgentPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  userAgentPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  body: 'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
  plaintext: 'When I grow up, I want to be a watermelon',
};

const bytes = (base64url: string) => Buffer.from(base64url, 'base64url');

describe('aes128gcm decryption (RFC 8291 §3.4, RFC 8188)', () => {
  const keys = {
    privateKey: bytes(RFC_8291_EXAMPLE.userAgentPrivate),
    publicKey: bytes(RFC_8291_EXAMPLE.userAgentPublic),
    authSecret: bytes(RFC_8291_EXAMPLE.authSecret),
  };

  it("decrypts the RFC's example message", () => {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(keys.privateKey);
    expect(ecdh.getPublicKey().equals(keys.publicKey)).toBe(true);
    expect(decryptAes128gcm(bytes(RFC_8291_EXAMPLE.body), keys).toString('utf8')).toBe(RFC_8291_EXAMPLE.plaintext);
  });

  it('refuses a message whose ciphertext was changed, or one meant for another auth secret', () => {
    const tampered = bytes(RFC_8291_EXAMPLE.body);
    tampered[tampered.length - 20]! ^= 1;
    expect(() => decryptAes128gcm(tampered, keys)).toThrow();
    const otherSecret = { ...keys, authSecret: Buffer.alloc(16, 7) };
    expect(() => decryptAes128gcm(bytes(RFC_8291_EXAMPLE.body), otherSecret)).toThrow();
  });
});
