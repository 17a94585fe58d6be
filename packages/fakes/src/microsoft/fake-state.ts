import type { SigningKey } from '../google/oauth/signing-key.js';
import type { DeltaCursors } from './graph/delta-cursors.js';
import type { GrantStore } from './identity/grant-store.js';
import type { AccountDirectory } from './state/accounts.js';

/** Everything one fake Microsoft holds, in memory; handlers and the control surface share it. */
export interface FakeState {
  readonly accounts: AccountDirectory;
  readonly grants: GrantStore;
  readonly cursors: DeltaCursors;
  readonly signingKey: SigningKey;
  /** Tests skip the account picker; the demo shows it. */
  readonly autoApprove: boolean;
  /** The next authorization ends in `error=access_denied` (the user cancelled). */
  denyNextAuthorization: boolean;
  /** Scopes the user declines on the next consent (Microsoft lets a user consent to less than asked). */
  declinedNextConsent: readonly string[];
  /** The largest page the fake sends, whatever `Prefer: odata.maxpagesize` asks: a preference the server may trim. */
  maxPageSize: number;
  /** The origin the server listens on, known once it does; `@odata.nextLink`s point here. */
  origin: string;
}
