import { adminRoutes } from './admin/admin-routes.js';
import { calendarRoutes } from './calendar/calendar-routes.js';
import { ListCursors } from './calendar/list-cursors.js';
import { createControl, type FakeGoogleControl } from './control-surface.js';
import type { FakeState } from './fake-state.js';
import type { AuthErrorForm } from './google-api-errors.js';
import { startServer } from './http/server.js';
import { authorizationRoutes } from './oauth/authorize.js';
import { DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS, GrantStore, type FakeGoogleClient } from './oauth/grant-store.js';
import { openIdRoutes } from './oauth/openid-configuration.js';
import { revocationRoutes } from './oauth/revocation.js';
import { SigningKey } from './oauth/signing-key.js';
import { tokenRoutes } from './oauth/token-endpoint.js';
import { userinfoRoutes } from './oauth/userinfo.js';
import { AccountDirectory, type FakeGoogleAccount } from './state/accounts.js';
import { startFake, type ListenOptions } from '../http/server.js';
import { ChangeClock } from './state/change-clock.js';
import { FaultPlan } from './state/faults.js';

export interface FakeGoogleOptions extends ListenOptions {
  clients: FakeGoogleClient[];
  /** Default: one account, {@link DEFAULT_TEST_ACCOUNT}. */
  accounts?: FakeGoogleAccount[];
  /** Approve authorization requests without a consent page (tests). Default false: the demo's consent page. */
  autoApprove?: boolean;
  /** Default 3599, Google's. */
  accessTokenLifetimeSeconds?: number;
  /** Which captured 401 body to send. Default `observed`, the form Google sent in 2024. */
  authErrorForm?: AuthErrorForm;
}

/** A running fake Google: its origin (use it as GOOGLE_BASE_URL) and the control surface. */
export interface FakeGoogle extends FakeGoogleControl {
  readonly origin: string;
  close(): Promise<void>;
}

/** The owner of the calendars in reference/responses (`test.user@gmail.com`, America/Chicago), so those pages seed as-is. */
export const DEFAULT_TEST_ACCOUNT: FakeGoogleAccount = {
  sub: '100000000000000000001',
  email: 'test.user@gmail.com',
  name: 'Test User',
  givenName: 'Test',
  familyName: 'User',
  picture: 'https://lh3.googleusercontent.com/a/default-user=s96-c',
  locale: 'en',
  timeZone: 'America/Chicago',
};

/** A second account for tests that need one in UTC: Grace Hopper. */
export const GRACE_HOPPER: FakeGoogleAccount = {
  sub: '4004',
  email: 'grace@example.com',
  name: 'Grace Hopper',
  givenName: 'Grace',
  familyName: 'Hopper',
  picture: 'https://example.com/g.png',
  timeZone: 'UTC',
};

export async function startFakeGoogle(options: FakeGoogleOptions): Promise<FakeGoogle> {
  const clock = new ChangeClock();
  const grants = new GrantStore();
  for (const client of options.clients) grants.clients.set(client.clientId, client);
  grants.accessTokenLifetimeSeconds = options.accessTokenLifetimeSeconds ?? DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS;
  const state: FakeState = {
    accounts: new AccountDirectory(clock),
    grants,
    clock,
    cursors: new ListCursors(),
    signingKey: await SigningKey.generate(),
    authErrorForm: options.authErrorForm ?? 'observed',
    autoApprove: options.autoApprove ?? false,
    denyNextAuthorization: false,
    untickedNextConsent: [],
    origin: '',
  };
  for (const account of options.accounts ?? [DEFAULT_TEST_ACCOUNT]) state.accounts.add(account);

  return startFake(
    {
      state,
      faults: new FaultPlan(),
      routes: [
        ...authorizationRoutes(state),
        ...tokenRoutes(state),
        ...revocationRoutes(state),
        ...userinfoRoutes(state),
        ...openIdRoutes(state),
        ...calendarRoutes(state),
      ],
      control: (faults, calls) => createControl(state, faults, calls),
      adminRoutes,
      serve: startServer,
    },
    options,
  );
}
