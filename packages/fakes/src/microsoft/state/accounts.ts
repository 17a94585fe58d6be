import type { Mailbox } from './mailbox.js';

/** The tenant id every personal Microsoft account (Outlook.com, Hotmail) carries (id-token-claims-reference.md). */
export const CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

/** A person who can sign in: their work or school tenant (or the consumer one) and their object id there. */
export interface FakeMicrosoftAccount {
  /** The object id: `oid` in the ID token, `id` of `/me`. */
  oid: string;
  /** The tenant id, `tid`. */
  tid: string;
  /** The sign-in name, `preferred_username` and `/me`'s `userPrincipalName`. */
  userPrincipalName: string;
  /** The mailbox address: the `email` claim and `/me`'s `mail`; unset for accounts without one. */
  mail?: string;
  displayName: string;
  givenName?: string;
  surname?: string;
}

export interface AccountEntry {
  profile: FakeMicrosoftAccount;
  mailbox: Mailbox;
}

/** Accounts by sign-in name (what tests and the admin surface name them by) and by object id (what tokens carry). */
export class AccountDirectory {
  private readonly byName = new Map<string, AccountEntry>();

  add(profile: FakeMicrosoftAccount, mailbox: Mailbox): void {
    this.byName.set(profile.userPrincipalName.toLowerCase(), { profile, mailbox });
  }

  find(userPrincipalName: string): AccountEntry | undefined {
    return this.byName.get(userPrincipalName.toLowerCase());
  }

  require(userPrincipalName: string): AccountEntry {
    const entry = this.find(userPrincipalName);
    if (!entry) throw new Error(`fake-microsoft: no account ${userPrincipalName}; add it with addAccount`);
    return entry;
  }

  byOid(oid: string): AccountEntry | undefined {
    return [...this.byName.values()].find((entry) => entry.profile.oid === oid);
  }

  all(): AccountEntry[] {
    return [...this.byName.values()];
  }
}
