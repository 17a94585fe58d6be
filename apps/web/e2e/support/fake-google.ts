import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { FakeGoogleAccount } from '../../../../packages/fakes/src/google/state/accounts';
import { hintAccountOnRedirect } from './account-choice';
import { expect, test as base, uniqueName } from './fixtures';

export { expect, uniqueName };

/**
 * The google stack's fake Google (start-stack.mjs, mode embedded-google), driven over its loopback admin under
 * /__fake/ (packages/fakes/src/google/admin/admin-routes.ts). It approves every authorization request
 * at once, as the account the request's login_hint names, else its first account (Ada).
 */

/** A Google account of the fake, as its admin takes it. */
export type GoogleAccount = FakeGoogleAccount;

interface EventMoment {
  /** RFC 3339, or a local time with `timeZone`. */
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

/** The part of Calendar v3's Event resource the specs seed. */
export interface GoogleEvent {
  summary: string;
  start: EventMoment;
  end: EventMoment;
  transparency?: 'opaque' | 'transparent';
  attendees?: {
    email: string;
    self?: boolean;
    organizer?: boolean;
    responseStatus?: 'needsAction' | 'declined' | 'tentative' | 'accepted';
  }[];
}

/** One request the fake answered on a Google path. */
export interface GoogleCall {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
}

/** What start-stack.mjs leaves in DATA_DIR/fake-google.json. */
interface FakeGoogleInfo {
  origin: string;
  clientId: string;
  accounts: GoogleAccount[];
}

export class FakeGoogle {
  private constructor(private readonly info: FakeGoogleInfo) {}

  static async of(dataDir: string): Promise<FakeGoogle> {
    const file = join(dataDir, 'fake-google.json');
    const text = await readFile(file, 'utf8').catch((error: unknown) => {
      throw new Error(`no fake Google for this stack (${file}); the Google specs (GOOGLE_SPECS) run in the google project only`, {
        cause: error,
      });
    });
    return new FakeGoogle(JSON.parse(text) as FakeGoogleInfo);
  }

  get origin(): string {
    return this.info.origin;
  }

  /** One of the accounts the fake started with (ada@example.com, grace@example.com). */
  account(email: string): GoogleAccount {
    const account = this.info.accounts.find((candidate) => candidate.email === email);
    if (!account) throw new Error(`the fake Google started without ${email}`);
    return account;
  }

  private async admin(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.origin}/__fake/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`fake Google ${method} /__fake/${path}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  }

  async addAccount(account: GoogleAccount): Promise<void> {
    await this.admin('POST', 'accounts', account);
  }

  /** Makes the account's primary calendar hold exactly these events (as if edited on Google). */
  async setEvents(email: string, events: GoogleEvent[]): Promise<void> {
    await this.admin('PUT', `accounts/${encodeURIComponent(email)}/calendars/primary/events`, events);
  }

  /** The user removes Breaker's access in their Google Account: its refresh tokens stop working. */
  async revokeRefreshTokens(email: string): Promise<void> {
    await this.admin('POST', `accounts/${encodeURIComponent(email)}/revoke-refresh-tokens`);
  }

  /** The next `times` requests to a path matching `pathPattern` (a RegExp source) wait `ms` before being answered. */
  async hangNext(pathPattern: string, ms: number, times = 1): Promise<void> {
    await this.admin('POST', 'hang-next', { pathPattern, ms, times });
  }

  /** The next authorization request comes back with error=access_denied, as if the user clicked Cancel. */
  async denyNextAuthorization(): Promise<void> {
    await this.admin('POST', 'deny-next-authorization');
  }

  /** On the next consent screen the user unticks these scopes (Google's granular consent): Google grants the rest. */
  async untickNextConsent(scopes: readonly string[]): Promise<void> {
    await this.admin('POST', 'untick-next-consent', { scopes });
  }

  async calls(): Promise<GoogleCall[]> {
    return ((await this.admin('GET', 'calls')) as { calls: GoogleCall[] }).calls;
  }
}

/** A new Google account of this test alone: its own e-mail and subject, so reruns and other tests never meet it. */
export function newGoogleAccount(givenName: string, familyName: string): GoogleAccount {
  const local = uniqueName(givenName.toLowerCase());
  return {
    sub: `2${Date.now()}${Math.floor(Math.random() * 1e6)
      .toString()
      .padStart(6, '0')}`,
    email: `${local}@example.com`,
    name: `${givenName} ${familyName}`,
    givenName,
    familyName,
    picture: `https://lh3.googleusercontent.com/a/${local}=s96-c`,
    timeZone: 'Europe/Berlin',
  };
}

/** The scope that lets Breaker read events and write its breaks: a person may untick it when signing in. */
export const CALENDAR_EVENTS_SCOPE = 'https://www.googleapis.com/auth/calendar.events';

/** Google's authorization endpoint on the fake. */
export function isAuthorizationRequest(google: FakeGoogle, url: URL): boolean {
  return url.origin === google.origin && url.pathname === '/o/oauth2/v2/auth';
}

/** Breaker's two endpoints that send the browser to Google's authorization endpoint. */
const GOOGLE_STARTS = new Set(['/api/auth/google', '/api/auth/google/calendar']);

/** Picks the Google account the browser signs in with: Breaker's redirect to Google's authorization gets login_hint. */
export function chooseGoogleAccount(page: Page, google: FakeGoogle, email: string): Promise<void> {
  const hintable = (target: URL) => isAuthorizationRequest(google, target) && !target.searchParams.has('login_hint');
  return hintAccountOnRedirect(page, GOOGLE_STARTS, hintable, email);
}

/** A 1×1 PNG: what lh3.googleusercontent.com serves for the fake accounts' pictures (the browser has no internet). */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export const test = base.extend<{ google: FakeGoogle; googlePictures: void }>({
  google: async ({ stack }, provide) => {
    await provide(await FakeGoogle.of(stack.dataDir));
  },
  googlePictures: [
    async ({ context }, provide) => {
      await context.route('https://lh3.googleusercontent.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'image/png', body: PICTURE }),
      );
      await provide();
    },
    { auto: true },
  ],
});
