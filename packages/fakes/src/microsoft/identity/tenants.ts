import { CONSUMER_TENANT, type FakeMicrosoftAccount } from '../state/accounts.js';

/**
 * Who may sign in through `/{tenant}/…` (identity-platform.v2-oauth2-auth-code-flow.md): `common` anyone,
 * `organizations` work or school accounts, `consumers` personal ones, a tenant id only that tenant's accounts.
 */
export function tenantAdmits(tenant: string, account: FakeMicrosoftAccount): boolean {
  if (tenant === 'common') return true;
  if (tenant === 'consumers') return account.tid === CONSUMER_TENANT;
  if (tenant === 'organizations') return account.tid !== CONSUMER_TENANT;
  return tenant.toLowerCase() === account.tid.toLowerCase();
}

/** The issuer of ID tokens for a tenant (the v2.0 form, ending in `/v2.0`). */
export const issuerFor = (tid: string): string => `https://login.microsoftonline.com/${tid}/v2.0`;
