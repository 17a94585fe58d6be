import { randomBytes } from 'node:crypto';
import type { GrantLoss } from './sts-errors.js';

/** An app registration: its id, secret and the redirect URIs registered for it. */
export interface FakeMicrosoftClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface IssuedCode {
  clientId: string;
  redirectUri: string;
  oid: string;
  scopes: string[];
  codeChallenge: string | undefined;
  codeChallengeMethod: string | undefined;
  nonce: string | undefined;
  expiresAt: number;
}

interface RefreshGrant {
  clientId: string;
  oid: string;
  scopes: string[];
  lost: GrantLoss | undefined;
}

export interface AccessGrant {
  oid: string;
  scopes: string[];
  expiresAt: number;
}

/** Codes live about ten minutes (the auth-code flow page). */
const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS = 3599;

const token = (prefix: string): string => `${prefix}${randomBytes(32).toString('base64url')}`;

/** Authorization codes, refresh tokens and access tokens the fake has issued. */
export class GrantStore {
  readonly clients = new Map<string, FakeMicrosoftClient>();
  accessTokenLifetimeSeconds = DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS;
  private readonly codes = new Map<string, IssuedCode>();
  private readonly refreshTokens = new Map<string, RefreshGrant>();
  private readonly accessTokens = new Map<string, AccessGrant>();
  private readonly redeemed = new Set<string>();

  issueCode(code: Omit<IssuedCode, 'expiresAt'>, now: number): string {
    const value = token('M.C5');
    this.codes.set(value, { ...code, expiresAt: now + CODE_LIFETIME_MS });
    return value;
  }

  /** A code works once; a second redemption finds nothing (AADSTS54005). */
  redeemCode(code: string, now: number): IssuedCode | undefined {
    const issued = this.codes.get(code);
    if (!issued) return undefined;
    this.codes.delete(code);
    this.redeemed.add(code);
    return issued.expiresAt > now ? issued : undefined;
  }

  wasRedeemed(code: string): boolean {
    return this.redeemed.has(code);
  }

  issueRefreshToken(grant: Omit<RefreshGrant, 'lost'>): string {
    const value = token('M.R3_');
    this.refreshTokens.set(value, { ...grant, lost: undefined });
    return value;
  }

  findRefreshToken(value: string): RefreshGrant | undefined {
    return this.refreshTokens.get(value);
  }

  issueAccessToken(oid: string, scopes: string[], now: number): { accessToken: string; expiresIn: number } {
    const accessToken = token('EwB');
    const expiresIn = this.accessTokenLifetimeSeconds;
    this.accessTokens.set(accessToken, { oid, scopes, expiresAt: now + expiresIn * 1000 });
    return { accessToken, expiresIn };
  }

  findAccessToken(value: string, now: number): AccessGrant | undefined {
    const grant = this.accessTokens.get(value);
    return grant && grant.expiresAt > now ? grant : undefined;
  }

  /** Every refresh token of the user stops working with this loss, and their access tokens with it. */
  loseGrants(oid: string, loss: GrantLoss): void {
    for (const grant of this.refreshTokens.values()) if (grant.oid === oid) grant.lost = loss;
    for (const [value, grant] of this.accessTokens) if (grant.oid === oid) this.accessTokens.delete(value);
  }
}
