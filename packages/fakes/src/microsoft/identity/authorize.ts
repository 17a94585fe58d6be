import { route, type Exchange, type Route } from '../../http/router.js';
import type { FakeState } from '../fake-state.js';
import { escapeHtml, redirect, sendHtml } from '../../http/browser-page.js';
import type { AccountEntry } from '../state/accounts.js';
import { normaliseScopes } from './scopes.js';
import { tenantAdmits } from './tenants.js';

function errorPage(exchange: Exchange, code: number, message: string): void {
  sendHtml(
    exchange.response,
    400,
    `<!doctype html><title>Sign in to your account</title><h1>Sorry, but we’re having trouble signing you in.</h1><p>AADSTS${code}: ${escapeHtml(message)}</p>`,
  );
}

function backToApp(exchange: Exchange, redirectUri: string, params: Record<string, string>): void {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  const state = exchange.url.searchParams.get('state');
  if (state !== null) target.searchParams.set('state', state);
  redirect(exchange.response, target.toString());
}

/** The account picker of the demo: one link per account the tenant admits, no scripts. */
function accountPicker(exchange: Exchange, accounts: AccountEntry[]): void {
  const links = accounts.map(({ profile }) => {
    const next = new URL(exchange.url.pathname + exchange.url.search, 'http://fake.invalid');
    next.searchParams.set('fake_account', profile.userPrincipalName);
    return `<li><a href="${escapeHtml(next.pathname + next.search)}">${escapeHtml(profile.displayName)} — ${escapeHtml(profile.userPrincipalName)}</a></li>`;
  });
  sendHtml(
    exchange.response,
    200,
    `<!doctype html><title>Pick an account</title><h1>Pick an account</h1><ul>${links.join('')}</ul>`,
  );
}

/**
 * `GET /{tenant}/oauth2/v2.0/authorize`: checks the client and redirect URI (errors there stay on Microsoft's page),
 * then the user picks an account — or, with `autoApprove`, the `login_hint` one or the first the tenant admits — and
 * returns to the app with `code` and `state`, or `error` and `error_description`.
 */
export function authorizationRoutes(state: FakeState): Route[] {
  return [
    route('GET', '/:tenant/oauth2/v2.0/authorize', (exchange) => {
      const query = exchange.url.searchParams;
      const client = state.grants.clients.get(query.get('client_id') ?? '');
      if (!client)
        return errorPage(
          exchange,
          700016,
          `Application with identifier '${query.get('client_id') ?? ''}' was not found in the directory.`,
        );
      const redirectUri = query.get('redirect_uri') ?? '';
      if (!client.redirectUris.includes(redirectUri))
        return errorPage(
          exchange,
          50011,
          `The redirect URI '${redirectUri}' specified in the request does not match the redirect URIs configured for the application.`,
        );
      if (query.get('response_type') !== 'code')
        return backToApp(exchange, redirectUri, {
          error: 'unsupported_response_type',
          error_description: 'AADSTS70005: response_type must be code.',
        });
      const scopes = normaliseScopes(query.get('scope'));
      if (scopes.length === 0)
        return backToApp(exchange, redirectUri, {
          error: 'invalid_request',
          error_description: "AADSTS900144: The request body must contain the following parameter: 'scope'.",
        });
      const method = query.get('code_challenge_method') ?? (query.has('code_challenge') ? 'plain' : undefined);
      if (method !== undefined && method !== 'S256' && method !== 'plain')
        return backToApp(exchange, redirectUri, {
          error: 'invalid_request',
          error_description: 'AADSTS501491: Invalid size of Code_Challenge parameter.',
        });
      if (state.denyNextAuthorization) {
        state.denyNextAuthorization = false;
        return backToApp(exchange, redirectUri, {
          error: 'access_denied',
          error_description: 'AADSTS65004: User declined to consent to access the app.',
        });
      }
      const tenant = exchange.params['tenant'] ?? 'common';
      const admitted = state.accounts.all().filter(({ profile }) => tenantAdmits(tenant, profile));
      const chosen =
        query.get('fake_account') ??
        (state.autoApprove ? (query.get('login_hint') ?? admitted[0]?.profile.userPrincipalName) : undefined);
      if (chosen === undefined) return accountPicker(exchange, admitted);
      const account = admitted.find(({ profile }) => profile.userPrincipalName.toLowerCase() === chosen.toLowerCase());
      if (!account)
        return backToApp(exchange, redirectUri, {
          error: 'access_denied',
          error_description: `AADSTS50020: User account '${chosen}' does not exist in tenant '${tenant}'.`,
        });
      const declined = new Set(state.declinedNextConsent.map((scope) => scope.toLowerCase()));
      state.declinedNextConsent = [];
      const code = state.grants.issueCode(
        {
          clientId: client.clientId,
          redirectUri,
          oid: account.profile.oid,
          scopes: scopes.filter((scope) => !declined.has(scope.toLowerCase())),
          codeChallenge: query.get('code_challenge') ?? undefined,
          codeChallengeMethod: method,
          nonce: query.get('nonce') ?? undefined,
        },
        Date.now(),
      );
      return backToApp(exchange, redirectUri, { code, session_state: account.profile.oid });
    }),
  ];
}
