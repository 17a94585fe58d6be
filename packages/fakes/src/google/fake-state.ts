import type { ListCursors } from './calendar/list-cursors.js';
import type { AuthErrorForm } from './google-api-errors.js';
import type { GrantStore } from './oauth/grant-store.js';
import type { SigningKey } from './oauth/signing-key.js';
import type { AccountDirectory } from './state/accounts.js';
import type { ChangeClock } from './state/change-clock.js';

/** Everything one fake Google holds, in memory; handlers and the control surface share it. */
export interface FakeState {
  readonly accounts: AccountDirectory;
  readonly grants: GrantStore;
  readonly clock: ChangeClock;
  readonly cursors: ListCursors;
  readonly signingKey: SigningKey;
  readonly authErrorForm: AuthErrorForm;
  /** Tests skip the consent page; the demo shows it. */
  readonly autoApprove: boolean;
  /** Set by denyNextAuthorization: the next authorization ends in `error=access_denied`. */
  denyNextAuthorization: boolean;
  /** Set by untickNextConsent: scopes the user leaves unticked on the next consent screen (granular consent). */
  untickedNextConsent: readonly string[];
  /** `http://127.0.0.1:<port>`, known once the server listens; the OpenID discovery document points here. */
  origin: string;
}
