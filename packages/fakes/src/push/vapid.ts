import { createPublicKey, verify } from 'node:crypto';

/** The claims of a VAPID JWT (RFC 8292 §2) that the fake checks. */
export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

export type VapidCheck = { ok: true; claims: VapidClaims; publicKey: string } | { ok: false; reason: string };

const DAY_SECONDS = 24 * 60 * 60;

/** The application server's key (uncompressed P-256 point, base64url) as a KeyObject. */
function p256PublicKey(raw: Buffer) {
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
}

/** `vapid t=<JWT>, k=<key>` (RFC 8292 §3): the two parameters, in any order. */
function parseAuthorization(header: string | undefined): { t: string; k: string } | undefined {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const params = new Map<string, string>();
  for (const part of match[1].split(',')) {
    const [name, ...value] = part.trim().split('=');
    if (name) params.set(name.toLowerCase(), value.join('='));
  }
  const t = params.get('t');
  const k = params.get('k');
  return t && k ? { t, k } : undefined;
}

/**
 * Checks a push's VAPID authorization as a push service does: an ES256 JWT signed by the key in `k`, whose `aud` is
 * this service's origin, whose `exp` is in the future and at most 24 hours away, and whose `sub` is a mailto: or
 * https: contact.
 */
export function checkVapid(header: string | undefined, origin: string, nowSeconds: number): VapidCheck {
  const parsed = parseAuthorization(header);
  if (!parsed) return { ok: false, reason: 'no vapid t= and k= in Authorization' };
  const [encodedHeader, encodedClaims, signature] = parsed.t.split('.');
  if (!encodedHeader || !encodedClaims || !signature) return { ok: false, reason: 'the JWT is not three parts' };
  let key;
  try {
    key = p256PublicKey(Buffer.from(parsed.k, 'base64url'));
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  const jwtHeader = JSON.parse(Buffer.from(encodedHeader, 'base64url').toString('utf8')) as { alg?: string };
  if (jwtHeader.alg !== 'ES256') return { ok: false, reason: `alg is ${String(jwtHeader.alg)}, not ES256` };
  const signed = Buffer.from(`${encodedHeader}.${encodedClaims}`);
  const valid = verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) return { ok: false, reason: 'the JWT signature does not match k' };
  const claims = JSON.parse(Buffer.from(encodedClaims, 'base64url').toString('utf8')) as Partial<VapidClaims>;
  if (claims.aud !== origin) return { ok: false, reason: `aud is ${String(claims.aud)}, not ${origin}` };
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return { ok: false, reason: 'the JWT has expired' };
  if (claims.exp > nowSeconds + DAY_SECONDS) return { ok: false, reason: 'exp is more than 24 hours away' };
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
    return { ok: false, reason: 'sub is not a mailto: or https: contact' };
  }
  return { ok: true, claims: { aud: claims.aud, exp: claims.exp, sub: claims.sub }, publicKey: parsed.k };
}
