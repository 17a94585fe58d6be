import { insufficientPermissions } from '../google-api-errors.js';
import type { ErrorResponse } from '../http/error-response.js';
import type { Exchange } from '../../http/router.js';
import type { FakeState } from '../fake-state.js';
import type { AccountRecord } from '../state/accounts.js';
import type { AccessGrant } from './grant-store.js';

/** The user and grant behind a request's access token. */
export interface Caller {
  account: AccountRecord;
  grant: AccessGrant;
}

/** `Authorization: Bearer …`, or the `access_token`/`oauth_token` query parameters Google also reads. */
function bearerToken(exchange: Exchange): string | undefined {
  const header = exchange.request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? exchange.url.searchParams.get('access_token') ?? exchange.url.searchParams.get('oauth_token') ?? undefined;
}

/** The caller, or `rejection()` for a missing, unknown, revoked or expired token. */
export function authenticate(exchange: Exchange, state: FakeState, rejection: () => ErrorResponse): Caller {
  const token = bearerToken(exchange);
  const grant = token === undefined ? undefined : state.grants.findAccessToken(token, Date.now());
  const account = grant && state.accounts.bySub(grant.sub);
  if (!grant || !account) throw rejection();
  return { account, grant };
}

/** `method` is the RPC name Google reports, e.g. `calendar.v3.Events.List`. */
export function requireScope(caller: Caller, accepted: readonly string[], method: string): void {
  if (!accepted.some((scope) => caller.grant.scopes.includes(scope))) throw insufficientPermissions(method, accepted);
}
