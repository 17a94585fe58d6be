import type { FakeState } from '../fake-state.js';
import type { Exchange } from '../../http/router.js';
import type { AccountEntry } from '../state/accounts.js';
import { checkZone } from './event-time.js';
import { accessDenied, unauthenticated } from './graph-errors.js';

/** Graph paths are versioned; the fake serves v1.0. */
export const GRAPH_VERSION = '/v1.0';

/** The signed-in user behind the bearer token, who must hold one of `scopes` (Graph's delegated permissions). */
export function caller(state: FakeState, exchange: Exchange, scopes: readonly string[]): AccountEntry {
  const header = exchange.request.headers.authorization ?? '';
  const token = /^Bearer (.+)$/i.exec(header)?.[1];
  const grant = token ? state.grants.findAccessToken(token, Date.now()) : undefined;
  const entry = grant && state.accounts.byOid(grant.oid);
  if (!grant || !entry) throw unauthenticated();
  const held = new Set(grant.scopes.map((scope) => scope.toLowerCase()));
  if (!scopes.some((scope) => held.has(scope.toLowerCase()))) throw accessDenied();
  return entry;
}

/** The `Prefer` preferences a request states (`outlook.timezone="UTC"`, `odata.maxpagesize=50`), in any header. */
export function preferences(exchange: Exchange): Map<string, string> {
  const raw = exchange.request.headers.prefer;
  const values = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const found = new Map<string, string>();
  for (const item of values.flatMap((value) => value.split(','))) {
    const [name, ...rest] = item.trim().split('=');
    if (name) found.set(name.trim().toLowerCase(), rest.join('=').trim().replace(/^"|"$/g, ''));
  }
  return found;
}

/** The zone times are written in: `Prefer: outlook.timezone`, UTC without it. */
export function responseZone(exchange: Exchange): string {
  return checkZone(preferences(exchange).get('outlook.timezone') ?? 'UTC');
}
