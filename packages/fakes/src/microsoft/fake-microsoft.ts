import { SigningKey } from '../google/oauth/signing-key.js';
import { startFake, type ListenOptions } from '../http/server.js';
import { adminRoutes } from './admin/admin-routes.js';
import { createControl, type FakeMicrosoftControl } from './control-surface.js';
import type { FakeState } from './fake-state.js';
import { calendarViewRoutes } from './graph/calendar-view.js';
import { DeltaCursors } from './graph/delta-cursors.js';
import { eventsRoutes } from './graph/events.js';
import { meRoutes } from './graph/me.js';
import { startServer } from './http/server.js';
import { authorizationRoutes } from './identity/authorize.js';
import { discoveryRoutes } from './identity/discovery.js';
import { DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS, GrantStore, type FakeMicrosoftClient } from './identity/grant-store.js';
import { tokenRoutes } from './identity/token-endpoint.js';
import { AccountDirectory, CONSUMER_TENANT, type FakeMicrosoftAccount } from './state/accounts.js';
import { FaultPlan } from './state/faults.js';
import { Mailbox } from './state/mailbox.js';

export interface FakeMicrosoftOptions extends ListenOptions {
  clients: FakeMicrosoftClient[];
  /** Default: one work account, {@link ADELE_VANCE}. */
  accounts?: FakeMicrosoftAccount[];
  /** Pick the account without the account picker (tests). Default false: the demo's picker. */
  autoApprove?: boolean;
  /** The largest page sent whatever the client prefers (default 1000), to make a client follow nextLinks. */
  maxPageSize?: number;
  /** Default 3599. */
  accessTokenLifetimeSeconds?: number;
}

/** A running fake Microsoft: one origin for both MICROSOFT_LOGIN_BASE_URL and MICROSOFT_GRAPH_BASE_URL. */
export interface FakeMicrosoft extends FakeMicrosoftControl {
  readonly origin: string;
  close(): Promise<void>;
}

/** A work account in a Microsoft 365 tenant. */
export const ADELE_VANCE: FakeMicrosoftAccount = {
  oid: '3f2a7b1c-0d4e-4f5a-9b6c-7d8e9f0a1b2c',
  tid: '72f988bf-86f1-41af-91ab-2d7cd011db47',
  userPrincipalName: 'adele.vance@contoso.example',
  mail: 'adele.vance@contoso.example',
  displayName: 'Adele Vance',
  givenName: 'Adele',
  surname: 'Vance',
};

/** A personal Microsoft account (Outlook.com): the consumer tenant. */
export const OUTLOOK_USER: FakeMicrosoftAccount = {
  oid: '00000000-0000-0000-6b1c-2f4a8d3e5c71',
  tid: CONSUMER_TENANT,
  userPrincipalName: 'ada.lovelace@outlook.example',
  mail: 'ada.lovelace@outlook.example',
  displayName: 'Ada Lovelace',
  givenName: 'Ada',
  surname: 'Lovelace',
};

export async function startFakeMicrosoft(options: FakeMicrosoftOptions): Promise<FakeMicrosoft> {
  const grants = new GrantStore();
  for (const client of options.clients) grants.clients.set(client.clientId, client);
  grants.accessTokenLifetimeSeconds = options.accessTokenLifetimeSeconds ?? DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS;
  const state: FakeState = {
    accounts: new AccountDirectory(),
    grants,
    cursors: new DeltaCursors(),
    signingKey: await SigningKey.generate(),
    autoApprove: options.autoApprove ?? false,
    denyNextAuthorization: false,
    declinedNextConsent: [],
    maxPageSize: options.maxPageSize ?? 1000,
    origin: '',
  };
  for (const account of options.accounts ?? [ADELE_VANCE]) state.accounts.add(account, new Mailbox());
  return startFake(
    {
      state,
      faults: new FaultPlan(),
      routes: [
        ...authorizationRoutes(state),
        ...tokenRoutes(state),
        ...discoveryRoutes(state),
        ...meRoutes(state),
        ...calendarViewRoutes(state),
        ...eventsRoutes(state),
      ],
      control: (faults, calls) => createControl(state, faults, calls),
      adminRoutes,
      serve: startServer,
    },
    options,
  );
}
