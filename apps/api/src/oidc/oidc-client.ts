import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import type { Config } from '../env.js';

declare module 'fastify' {
  interface FastifyInstance {
    oidcSignIn?: OidcSignIn;
  }
}

export const OIDC_SIGN_IN_CALLBACK = '/api/auth/oidc/callback';

/** Who the person is, their e-mail and their name: nothing more is asked of the provider. */
export const OIDC_SCOPES = 'openid email profile';

/** A provider that does not answer its discovery, token or key requests within this is treated as down. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** The discovery document is read again after this, so a provider's changed endpoints are picked up without a restart. */
const DISCOVERY_MAX_AGE_MS = 60 * 60 * 1000;

/** What one sign-in keeps between the redirect to the provider and its return, sealed in a cookie (oidc-cookies.ts). */
export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** What Breaker takes from the provider's claims. */
export interface OidcProfile {
  issuer: string;
  subject: string;
  /** Only an e-mail the provider does not say is unverified. */
  email: string | null;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  preferredUsername: string | null;
}

/** The provider's discovery document could not be read: it is down, unreachable or misconfigured. */
export class OidcUnavailableError extends Error {
  override name = 'OidcUnavailableError';
}

const claimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.email().max(254).optional().catch(undefined),
  email_verified: z.boolean().optional().catch(undefined),
  name: z.string().max(200).optional().catch(undefined),
  given_name: z.string().max(100).optional().catch(undefined),
  family_name: z.string().max(100).optional().catch(undefined),
  preferred_username: z.string().max(100).optional().catch(undefined),
});

export interface OidcSignIn {
  /** Where to send the browser, and the flow to keep until it comes back. */
  start(): Promise<{ url: URL; flow: OidcFlow }>;
  /**
   * Redeems the code of the callback `currentUrl` (state, PKCE verifier and nonce checked; the ID token's signature,
   * issuer, audience and expiry validated against the provider's JWKS) and answers who signed in.
   */
  finish(currentUrl: URL, flow: OidcFlow): Promise<OidcProfile>;
}

/** An issuer on this machine may speak plain http (config.ts allows no other). */
function discover(oidc: NonNullable<Config['oidc']>): Promise<client.Configuration> {
  const execute = oidc.issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [];
  return client.discovery(oidc.issuer, oidc.clientId, undefined, client.ClientSecretBasic(oidc.clientSecret), {
    execute,
    timeout: PROVIDER_TIMEOUT_SECONDS,
  });
}

/** Discovery once, kept for an hour; a failed one is not kept, so the next sign-in tries the provider again. */
function cachedDiscovery(oidc: NonNullable<Config['oidc']>, now: () => Date): () => Promise<client.Configuration> {
  let cached: { configuration: Promise<client.Configuration>; at: number } | undefined;
  return async () => {
    const at = now().getTime();
    if (!cached || at - cached.at > DISCOVERY_MAX_AGE_MS) cached = { configuration: discover(oidc), at };
    const pending = cached.configuration;
    try {
      return await pending;
    } catch (error) {
      if (cached?.configuration === pending) cached = undefined;
      throw new OidcUnavailableError('the provider could not be discovered', { cause: error });
    }
  };
}

function profileFrom(issuer: string, claims: Record<string, unknown>): OidcProfile {
  const parsed = claimsSchema.parse(claims);
  return {
    issuer,
    subject: parsed.sub,
    email: parsed.email_verified === false ? null : (parsed.email ?? null),
    name: parsed.name ?? null,
    givenName: parsed.given_name ?? null,
    familyName: parsed.family_name ?? null,
    preferredUsername: parsed.preferred_username ?? null,
  };
}

export function createOidcSignIn(oidc: NonNullable<Config['oidc']>, appUrl: URL, now: () => Date): OidcSignIn {
  const configuration = cachedDiscovery(oidc, now);
  const redirectUri = new URL(OIDC_SIGN_IN_CALLBACK, appUrl).toString();
  return {
    async start() {
      const config = await configuration();
      const flow = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: OIDC_SCOPES,
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { url, flow };
    },
    async finish(currentUrl, flow) {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('the provider sent no ID token');
      // Many providers keep e-mail and name out of the ID token when an access token is issued: ask userinfo then.
      const userinfo =
        idClaims['email'] === undefined && config.serverMetadata().userinfo_endpoint
          ? await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)
          : {};
      return profileFrom(idClaims.iss, { ...userinfo, ...idClaims });
    },
  };
}

/** Single sign-on through the configured OpenID Connect provider; nothing is registered without one. */
export function registerOidcSignIn(app: FastifyInstance, deps: AppDeps): void {
  if (!deps.config.oidc) return;
  app.decorate('oidcSignIn', createOidcSignIn(deps.config.oidc, deps.config.appUrl, deps.now));
}
