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

/** A token and key whose signature checked out (or did not), and the claims it carries. */
type Signed = { ok: true; claims: Partial<VapidClaims> } | { ok: false; reason: string };

/** The time-free half of the check: the JWT's form, its ES256 signature by `k`, and its claims decoded. */
function checkSignature(t: string, k: string): Signed {
  const [encodedHeader, encodedClaims, signature] = t.split('.');
  if (!encodedHeader || !encodedClaims || !signature) return { ok: false, reason: 'the JWT is not three parts' };
  let key;
  try {
    key = p256PublicKey(Buffer.from(k, 'base64url'));
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  const jwtHeader = JSON.parse(Buffer.from(encodedHeader, 'base64url').toString('utf8')) as { alg?: string };
  if (jwtHeader.alg !== 'ES256') return { ok: false, reason: `alg is ${String(jwtHeader.alg)}, not ES256` };
  const signed = Buffer.from(`${encodedHeader}.${encodedClaims}`);
  const valid = verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) return { ok: false, reason: 'the JWT signature does not match k' };
  return { ok: true, claims: JSON.parse(Buffer.from(encodedClaims, 'base64url').toString('utf8')) as Partial<VapidClaims> };
}

/** The claims checked against this service and the time: `aud`, `exp` and `sub` (RFC 8292 §2). */
function checkClaims(claims: Partial<VapidClaims>, origin: string, nowSeconds: number): VapidCheck | { ok: true } {
  if (claims.aud !== origin) return { ok: false, reason: `aud is ${String(claims.aud)}, not ${origin}` };
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return { ok: false, reason: 'the JWT has expired' };
  if (claims.exp > nowSeconds + DAY_SECONDS) return { ok: false, reason: 'exp is more than 24 hours away' };
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
    return { ok: false, reason: 'sub is not a mailto: or https: contact' };
  }
  return { ok: true };
}

/**
 * Checks a push's VAPID authorization as a push service does: an ES256 JWT signed by the key in `k`, whose `aud` is
 * this service's origin, whose `exp` is in the future and at most 24 hours away, and whose `sub` is a mailto: or
 * https: contact.
 */
export function checkVapid(header: string | undefined, origin: string, nowSeconds: number): VapidCheck {
  return vapidChecker()(header, origin, nowSeconds);
}

/** Signature checks remembered at most: an application server sends a handful of tokens, reused for hours. */
const SIGNATURE_CACHE_LIMIT = 1_000;

/**
 * `checkVapid` for one push service: the signature check of a token and key is the same every time, so it is done
 * once per distinct pair (as a push service's own cache would) while the claims are checked on every push, against
 * the time of that push (an expired token is refused however often it was seen).
 */
export function vapidChecker(): (header: string | undefined, origin: string, nowSeconds: number) => VapidCheck {
  const signatures = new Map<string, Signed>();
  return (header, origin, nowSeconds) => {
    const parsed = parseAuthorization(header);
    if (!parsed) return { ok: false, reason: 'no vapid t= and k= in Authorization' };
    const pair = `${parsed.t} ${parsed.k}`;
    let signed = signatures.get(pair);
    if (!signed) {
      signed = checkSignature(parsed.t, parsed.k);
      if (signatures.size >= SIGNATURE_CACHE_LIMIT) signatures.clear();
      signatures.set(pair, signed);
    }
    if (!signed.ok) return signed;
    const claims = checkClaims(signed.claims, origin, nowSeconds);
    if (!claims.ok) return claims;
    const { aud, exp, sub } = signed.claims as VapidClaims;
    return { ok: true, claims: { aud, exp, sub }, publicKey: parsed.k };
  };
}
