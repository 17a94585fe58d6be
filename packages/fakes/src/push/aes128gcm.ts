import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';

/** What a browser holds for one subscription: its P-256 key pair and auth secret (RFC 8291 §2). */
export interface UserAgentKeys {
  /** Uncompressed public point, 65 bytes. */
  publicKey: Buffer;
  privateKey: Buffer;
  /** 16 bytes. */
  authSecret: Buffer;
}

export function generateUserAgentKeys(): UserAgentKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey(), privateKey: ecdh.getPrivateKey(), authSecret: randomBytes(16) };
}

const TAG_BYTES = 16;

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * Decrypts a Web Push message body as the receiving browser does: the RFC 8188 `aes128gcm` header (salt, record
 * size, key id = the sender's public key), the RFC 8291 §3.4 key derivation (ECDH with the sender's key, the auth
 * secret as HKDF salt, "WebPush: info"), then each record with its own nonce and its padding delimiter removed.
 */
export function decryptAes128gcm(body: Buffer, keys: UserAgentKeys): Buffer {
  if (body.length < 21) throw new Error('the body is shorter than an aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderPublicKey = body.subarray(21, 21 + idLength);
  if (senderPublicKey.length !== 65) throw new Error('the key id is not the sender public key');
  if (recordSize < TAG_BYTES + 2) throw new Error('the record size is too small');

  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(keys.privateKey);
  const sharedSecret = ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, senderPublicKey]);
  const inputKey = hkdf(sharedSecret, keys.authSecret, keyInfo, 32);
  const contentKey = hkdf(inputKey, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = hkdf(inputKey, salt, Buffer.from('Content-Encoding: nonce\0'), 12);

  const records: Buffer[] = [];
  const ciphertext = body.subarray(21 + idLength);
  for (let offset = 0, sequence = 0; offset < ciphertext.length; offset += recordSize, sequence += 1) {
    const record = ciphertext.subarray(offset, offset + recordSize);
    const last = offset + recordSize >= ciphertext.length;
    records.push(unpad(decryptRecord(record, contentKey, nonceFor(baseNonce, sequence)), last));
  }
  return Buffer.concat(records);
}

/** The record's nonce: the base nonce XOR its sequence number, as a 96-bit big-endian integer (RFC 8188 §2.3). */
function nonceFor(base: Buffer, sequence: number): Buffer {
  const nonce = Buffer.from(base);
  nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
  return nonce;
}

function decryptRecord(record: Buffer, key: Buffer, nonce: Buffer): Buffer {
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
  return Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_BYTES)), decipher.final()]);
}

/** Drops the padding: zeros after a delimiter, 0x02 in the last record and 0x01 in the others. */
function unpad(plaintext: Buffer, last: boolean): Buffer {
  let end = plaintext.length - 1;
  while (end >= 0 && plaintext[end] === 0) end -= 1;
  const delimiter = plaintext[end];
  if (delimiter !== (last ? 2 : 1)) throw new Error('the record has no valid padding delimiter');
  return plaintext.subarray(0, end);
}
