import { randomBytes, randomUUID } from 'node:crypto';
import type { ChallengeMethod } from './pkce.js';

/** An OAuth client registered in the (fake) Google Cloud console. */
export interface FakeGoogleClient {
  clientId: string;
  clientSecret: string;
  /** Exact redirect URIs, compared character for character as Google does. */
  redirectUris: string[];
}

/** A validated authorization request, kept while the consent page waits for a click. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state?: string;
  codeChallenge?: string;
  codeChallengeMethod?: ChallengeMethod;
  accessType: 'online' | 'offline';
  prompt: string[];
  includeGrantedScopes: boolean;
  loginHint?: string;
  nonce?: string;
}

export interface IssuedCode {
  clientId: string;
  redirectUri: string;
  sub: string;
  scopes: string[];
  codeChallenge?: string;
  codeChallengeMethod?: ChallengeMethod;
  nonce?: string;
  /** The request said access_type=offline. */
  offline: boolean;
  withRefreshToken: boolean;
  expiresAt: number;
}

export interface AccessGrant {
  clientId: string;
  sub: string;
  scopes: string[];
  expiresAt: number;
  offline: boolean;
}

interface RefreshGrant {
  clientId: string;
  sub: string;
  scopes: string[];
}

/** Google's authorization codes live about ten minutes. */
const CODE_LIFETIME_MS = 10 * 60_000;
/** Google's access tokens: `"expires_in": 3599`. */
export const DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS = 3599;

const opaque = (prefix: string, bytes: number): string => `${prefix}${randomBytes(bytes).toString('base64url')}`;
const grantKey = (clientId: string, sub: string): string => `${clientId}\n${sub}`;

/** Codes, tokens and the grants behind them, shaped like Google's (`4/0A…`, `ya29.…`, `1//0…`). */
export class GrantStore {
  readonly clients = new Map<string, FakeGoogleClient>();
  accessTokenLifetimeSeconds = DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS;
  private readonly pending = new Map<string, AuthorizationRequest>();
  private readonly codes = new Map<string, IssuedCode>();
  private readonly accessTokens = new Map<string, AccessGrant>();
  private readonly refreshTokens = new Map<string, RefreshGrant>();
  /** Scopes each user has granted each client: what include_granted_scopes adds and what decides on a refresh token. */
  private readonly grants = new Map<string, Set<string>>();

  holdForConsent(request: AuthorizationRequest): string {
    const id = randomUUID();
    this.pending.set(id, request);
    return id;
  }

  /** A held request is answered once. */
  takeHeld(id: string): AuthorizationRequest | undefined {
    const request = this.pending.get(id);
    this.pending.delete(id);
    return request;
  }

  grantedScopes(clientId: string, sub: string): ReadonlySet<string> {
    return this.grants.get(grantKey(clientId, sub)) ?? new Set();
  }

  recordGrant(clientId: string, sub: string, scopes: readonly string[]): void {
    this.grants.set(grantKey(clientId, sub), new Set([...this.grantedScopes(clientId, sub), ...scopes]));
  }

  issueCode(details: Omit<IssuedCode, 'expiresAt'>, now: number): string {
    const code = opaque('4/0A', 54);
    this.codes.set(code, { ...details, expiresAt: now + CODE_LIFETIME_MS });
    return code;
  }

  /** A code is spent by its first exchange attempt, successful or not. */
  redeemCode(code: string, now: number): IssuedCode | undefined {
    const issued = this.codes.get(code);
    this.codes.delete(code);
    return issued && issued.expiresAt > now ? issued : undefined;
  }

  issueAccessToken(grant: Omit<AccessGrant, 'expiresAt'>, now: number): { accessToken: string; expiresIn: number } {
    const accessToken = opaque('ya29.a0', 90);
    const expiresIn = this.accessTokenLifetimeSeconds;
    this.accessTokens.set(accessToken, { ...grant, expiresAt: now + expiresIn * 1000 });
    return { accessToken, expiresIn };
  }

  issueRefreshToken(grant: RefreshGrant): string {
    const refreshToken = opaque('1//0', 60);
    this.refreshTokens.set(refreshToken, grant);
    return refreshToken;
  }

  /** A live access token; expired and revoked ones are simply unknown. */
  findAccessToken(token: string, now: number): AccessGrant | undefined {
    const grant = this.accessTokens.get(token);
    return grant && grant.expiresAt > now ? grant : undefined;
  }

  findRefreshToken(token: string): RefreshGrant | undefined {
    return this.refreshTokens.get(token);
  }

  /** Revoking any token of a grant revokes the grant: every token the user gave that client (Google's /revoke). */
  revokeGrant(clientId: string, sub: string): void {
    this.grants.delete(grantKey(clientId, sub));
    for (const tokens of [this.accessTokens, this.refreshTokens]) {
      for (const [token, grant] of tokens) if (grant.clientId === clientId && grant.sub === sub) tokens.delete(token);
    }
  }

  /** The user removes every app's access in their Google Account. */
  revokeUser(sub: string): void {
    for (const clientId of this.clients.keys()) this.revokeGrant(clientId, sub);
  }

  /** The grant behind an access or refresh token, live or expired, for /revoke. */
  grantOf(token: string): { clientId: string; sub: string } | undefined {
    return this.accessTokens.get(token) ?? this.refreshTokens.get(token);
  }
}
