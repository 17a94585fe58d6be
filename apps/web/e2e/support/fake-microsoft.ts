import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { hintAccountOnRedirect } from './account-choice';
import { expect, test as base, uniqueName } from './fixtures';

export { expect, uniqueName };

/**
 * The google stack's fake Microsoft (start-stack.mjs, mode embedded-google), driven over its loopback admin under
 * /__fake/ (packages/fakes/src/microsoft/admin/admin-routes.ts). It approves every authorization at once, as the
 * account the request's login_hint names.
 */

/** A Microsoft account of the fake (FakeMicrosoftAccount). */
export interface MicrosoftAccount {
  oid: string;
  tid: string;
  userPrincipalName: string;
  mail: string;
  displayName: string;
}

/** The part of Graph's event resource the specs seed. */
export interface OutlookEvent {
  subject: string;
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
  showAs?: 'free' | 'tentative' | 'busy' | 'oof' | 'workingElsewhere';
}

export class FakeMicrosoft {
  private constructor(readonly origin: string) {}

  static async of(dataDir: string): Promise<FakeMicrosoft> {
    const file = join(dataDir, 'fake-microsoft.json');
    const text = await readFile(file, 'utf8').catch((error: unknown) => {
      throw new Error(`no fake Microsoft for this stack (${file}); the Microsoft specs run in the google project only`, {
        cause: error,
      });
    });
    return new FakeMicrosoft((JSON.parse(text) as { origin: string }).origin);
  }

  private async admin(method: string, path: string, body?: unknown): Promise<void> {
    const response = await fetch(`${this.origin}/__fake/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`fake Microsoft ${method} /__fake/${path}: ${response.status} ${await response.text()}`);
  }

  async addAccount(account: MicrosoftAccount): Promise<void> {
    await this.admin('POST', 'accounts', account);
  }

  /** Makes the account's calendar hold exactly these events (as if edited in Outlook). */
  async setEvents(userPrincipalName: string, events: OutlookEvent[]): Promise<void> {
    await this.admin('PUT', `accounts/${encodeURIComponent(userPrincipalName)}/events`, events);
  }

  /** The user's refresh tokens stop working: Microsoft answers invalid_grant (AADSTS50173). */
  async revokeGrants(userPrincipalName: string): Promise<void> {
    await this.admin('POST', `accounts/${encodeURIComponent(userPrincipalName)}/lose-grants`, { loss: 'revoked' });
  }
}

/** A new work account of this test alone, in a tenant of its own. */
export function newMicrosoftAccount(displayName: string): MicrosoftAccount {
  const local = uniqueName(displayName.split(' ')[0]!.toLowerCase());
  const hex = (length: number) => Array.from({ length }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return {
    oid: `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`,
    tid: `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`,
    userPrincipalName: `${local}@contoso.example`,
    mail: `${local}@contoso.example`,
    displayName,
  };
}

/** Breaker's endpoints that send the browser to Microsoft's authorization endpoint. */
const MICROSOFT_STARTS = new Set(['/api/auth/microsoft', '/api/auth/microsoft/calendar']);

/** Picks the Microsoft account the browser signs in with, as chooseGoogleAccount does for Google. */
export function chooseMicrosoftAccount(page: Page, microsoft: FakeMicrosoft, userPrincipalName: string): Promise<void> {
  return hintAccountOnRedirect(page, MICROSOFT_STARTS, (target) => target.origin === microsoft.origin, userPrincipalName);
}

export const test = base.extend<{ microsoft: FakeMicrosoft }>({
  microsoft: async ({ stack }, provide) => {
    await provide(await FakeMicrosoft.of(stack.dataDir));
  },
});
