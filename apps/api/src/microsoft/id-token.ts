import { AppError } from '@breaker/api-contract';
import { microsoftEndpoints, type MicrosoftSettings } from '@breaker/api-contract/config';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';

/** Personal Microsoft accounts (Outlook.com) all carry this tenant id. */
const CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';
const JWKS_TIMEOUT_MS = 5000;

const claims = z.object({
  tid: z.string().min(1),
  oid: z.string().min(1),
  nonce: z.string().optional(),
  name: z.string().optional(),
  preferred_username: z.string().optional(),
  email: z.string().email().optional(),
});

/** The v2.0 issuer of a tenant's ID tokens. */
export function microsoftIssuer(tenantId: string): string {
  return `https://login.microsoftonline.com/${tenantId}/v2.0`;
}

/** Who signed in, from a validated ID token. */
export interface MicrosoftIdentity {
  tenantId: string;
  objectId: string;
  /** The `email` claim, or the sign-in name when that is an address: what the account shows and is refused by. */
  email: string | null;
  name: string | null;
}

/** The key sets per JWKS address, fetched once and refreshed by jose when a token names an unknown key. */
const keySets = new Map<string, JWTVerifyGetKey>();

function keySet(url: string): JWTVerifyGetKey {
  let keys = keySets.get(url);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(url), { timeoutDuration: JWKS_TIMEOUT_MS });
    keySets.set(url, keys);
  }
  return keys;
}

/** With a single tenant configured, only that tenant's accounts (or only personal ones, for `consumers`) get in. */
function tenantAllowed(configured: string, tid: string): boolean {
  if (configured === 'common') return true;
  if (configured === 'consumers') return tid === CONSUMER_TENANT;
  if (configured === 'organizations') return tid !== CONSUMER_TENANT;
  // A tenant named by domain cannot be compared with a tid here; Microsoft's own endpoint already admitted only it.
  return !/^[0-9a-f-]{36}$/i.test(configured) || configured.toLowerCase() === tid.toLowerCase();
}

/**
 * Validates the ID token as the OpenID Connect core spec asks: signature against the tenant's published keys (RS256),
 * audience our client id, not expired, issuer the v2.0 issuer of the token's own tenant (a `common` app's tokens come
 * from many tenants), and the nonce this browser was sent with.
 */
export async function verifyMicrosoftIdToken(
  microsoft: MicrosoftSettings,
  idToken: string | undefined,
  expectedNonce: string | undefined,
): Promise<MicrosoftIdentity> {
  if (!idToken || !expectedNonce) throw new AppError('UNAUTHORIZED', 'Microsoft did not say who signed in');
  const { payload } = await jwtVerify(idToken, keySet(microsoftEndpoints(microsoft).jwksUrl), {
    audience: microsoft.clientId,
    algorithms: ['RS256'],
    requiredClaims: ['iss', 'aud', 'exp', 'iat'],
  });
  const parsed = claims.parse(payload);
  if (payload.iss !== microsoftIssuer(parsed.tid)) throw new AppError('UNAUTHORIZED', 'The ID token has a wrong issuer');
  if (parsed.nonce !== expectedNonce) throw new AppError('UNAUTHORIZED', 'The ID token was not issued for this sign-in');
  if (!tenantAllowed(microsoft.tenant, parsed.tid))
    throw new AppError('FORBIDDEN', 'This Microsoft account is not in the allowed tenant');
  const signInName = parsed.preferred_username?.includes('@') ? parsed.preferred_username : undefined;
  return {
    tenantId: parsed.tid,
    objectId: parsed.oid,
    email: parsed.email ?? signInName ?? null,
    name: parsed.name ?? null,
  };
}
