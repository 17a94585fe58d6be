import type { FakeState } from '../fake-state.js';
import { readForm } from '../http/request-body.js';
import { redirect, sendHtml } from '../../http/browser-page.js';
import { route, type Exchange, type Route } from '../../http/router.js';
import type { AccountRecord } from '../state/accounts.js';
import { CONSENT_PATH, consentPage, errorPage } from './consent-page.js';
import type { AuthorizationRequest, FakeGoogleClient } from './grant-store.js';
import { PKCE_VALUE, type ChallengeMethod } from './pkce.js';
import { readScopes } from './scopes.js';

/**
 * `GET /o/oauth2/v2/auth`: Google's authorization endpoint. Problems with the client or redirect URI are shown as an
 * error page (never redirected to an unregistered URI); the user's answer goes back to the redirect URI.
 */

type Checked = { ok: true; request: AuthorizationRequest } | { ok: false; status: number; error: string; description: string };

const refuse = (status: number, error: string, description: string): Checked => ({ ok: false, status, error, description });
const PROMPTS = ['none', 'consent', 'select_account'];

function checkPkce(params: URLSearchParams): Checked | { codeChallenge?: string; codeChallengeMethod?: ChallengeMethod } {
  const codeChallenge = params.get('code_challenge') ?? undefined;
  const method = params.get('code_challenge_method') ?? undefined;
  if (codeChallenge === undefined) {
    return method === undefined ? {} : refuse(400, 'invalid_request', 'code_challenge_method without code_challenge');
  }
  if (method !== undefined && method !== 'S256' && method !== 'plain') {
    return refuse(400, 'invalid_request', `Invalid code_challenge_method: ${method}`);
  }
  if (!PKCE_VALUE.test(codeChallenge)) return refuse(400, 'invalid_request', 'Invalid code_challenge');
  return { codeChallenge, codeChallengeMethod: method ?? 'plain' };
}

function checkRequest(params: URLSearchParams, clients: ReadonlyMap<string, FakeGoogleClient>): Checked {
  const clientId = params.get('client_id');
  if (!clientId) return refuse(400, 'invalid_request', 'Missing required parameter: client_id');
  const client = clients.get(clientId);
  if (!client) return refuse(401, 'invalid_client', 'The OAuth client was not found.');
  const redirectUri = params.get('redirect_uri');
  if (!redirectUri) return refuse(400, 'invalid_request', 'Missing required parameter: redirect_uri');
  if (!client.redirectUris.includes(redirectUri)) {
    return refuse(
      400,
      'redirect_uri_mismatch',
      `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. If you're the app developer, register the redirect URI in the Google Cloud Console. Request details: redirect_uri=${redirectUri}`,
    );
  }
  const responseType = params.get('response_type');
  if (!responseType) return refuse(400, 'invalid_request', 'Required parameter is missing: response_type');
  if (responseType !== 'code') {
    return refuse(400, 'unsupported_response_type', `fake-google supports response_type=code only, not ${responseType}`);
  }
  const scope = params.get('scope');
  if (!scope) return refuse(400, 'invalid_request', 'Missing required parameter: scope');
  const { scopes, unknown } = readScopes(scope);
  if (unknown.length > 0) {
    return refuse(400, 'invalid_scope', `Some requested scopes were invalid. {invalid=[${unknown.join(', ')}]}`);
  }
  const pkce = checkPkce(params);
  if ('ok' in pkce) return pkce;
  const accessType = params.get('access_type') ?? 'online';
  if (accessType !== 'online' && accessType !== 'offline') {
    return refuse(400, 'invalid_request', `Invalid access_type: ${accessType}`);
  }
  const prompt = (params.get('prompt') ?? '').split(/\s+/).filter(Boolean);
  if (prompt.some((value) => !PROMPTS.includes(value)) || (prompt.includes('none') && prompt.length > 1)) {
    return refuse(400, 'invalid_request', `Invalid prompt: ${prompt.join(' ')}`);
  }
  return {
    ok: true,
    request: {
      clientId,
      redirectUri,
      scopes,
      state: params.get('state') ?? undefined,
      ...pkce,
      accessType,
      prompt,
      includeGrantedScopes: params.get('include_granted_scopes') === 'true',
      loginHint: params.get('login_hint') ?? undefined,
      nonce: params.get('nonce') ?? undefined,
    },
  };
}

/** The account login_hint names (by e-mail or sub), else the first account. */
function chosenAccount(state: FakeState, request: AuthorizationRequest): AccountRecord | undefined {
  const hint = request.loginHint?.toLowerCase();
  const accounts = state.accounts.all();
  return (
    accounts.find((account) => account.profile.email.toLowerCase() === hint || account.profile.sub === request.loginHint) ??
    accounts[0]
  );
}

function redirectBack(exchange: Exchange, request: AuthorizationRequest, answer: Record<string, string>): void {
  const target = new URL(request.redirectUri);
  if (request.state !== undefined) target.searchParams.set('state', request.state);
  for (const [name, value] of Object.entries(answer)) target.searchParams.set(name, value);
  redirect(exchange.response, target.toString());
}

/**
 * The user said yes. A refresh token comes only with access_type=offline when consent was shown — a first grant, new
 * scopes, or prompt=consent — which is why apps that lose theirs must ask with prompt=consent.
 */
function approve(state: FakeState, exchange: Exchange, asked: AuthorizationRequest, account: AccountRecord): void {
  const unticked = new Set(state.untickedNextConsent);
  state.untickedNextConsent = [];
  const request = { ...asked, scopes: asked.scopes.filter((scope) => !unticked.has(scope)) };
  const { sub } = account.profile;
  const granted = state.grants.grantedScopes(request.clientId, sub);
  const consentShown = request.prompt.includes('consent') || request.scopes.some((scope) => !granted.has(scope));
  const scopes = request.includeGrantedScopes ? [...new Set([...request.scopes, ...granted])] : request.scopes;
  state.grants.recordGrant(request.clientId, sub, request.scopes);
  const code = state.grants.issueCode(
    {
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      sub,
      scopes,
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallengeMethod,
      nonce: request.nonce,
      offline: request.accessType === 'offline',
      withRefreshToken: request.accessType === 'offline' && consentShown,
    },
    Date.now(),
  );
  redirectBack(exchange, request, { code, scope: scopes.join(' '), authuser: '0', prompt: consentShown ? 'consent' : 'none' });
}

function showError(exchange: Exchange, status: number, error: string, description: string): void {
  sendHtml(exchange.response, status, errorPage(status, error, description));
}

function authorize(state: FakeState, exchange: Exchange): void {
  const checked = checkRequest(exchange.url.searchParams, state.grants.clients);
  if (!checked.ok) return showError(exchange, checked.status, checked.error, checked.description);
  const { request } = checked;
  if (state.denyNextAuthorization) {
    state.denyNextAuthorization = false;
    return redirectBack(exchange, request, { error: 'access_denied' });
  }
  const account = chosenAccount(state, request);
  if (!account) return showError(exchange, 400, 'invalid_request', 'fake-google has no accounts to sign in with.');
  if (request.prompt.includes('none')) {
    const granted = state.grants.grantedScopes(request.clientId, account.profile.sub);
    if (!request.scopes.every((scope) => granted.has(scope))) {
      return redirectBack(exchange, request, { error: 'consent_required' });
    }
    return approve(state, exchange, request, account);
  }
  if (state.autoApprove) return approve(state, exchange, request, account);
  const requestId = state.grants.holdForConsent(request);
  const others = state.accounts.all().filter((other) => other !== account);
  sendHtml(
    exchange.response,
    200,
    consentPage({
      requestId,
      clientId: request.clientId,
      scopes: request.scopes,
      accounts: [account, ...others].map(({ profile }) => profile),
    }),
  );
}

/** The consent form's answer: an account to sign in as, or Cancel. */
async function answerConsent(state: FakeState, exchange: Exchange): Promise<void> {
  const form = await readForm(exchange.request);
  const request = state.grants.takeHeld(form.get('request') ?? '');
  if (!request) return showError(exchange, 400, 'invalid_request', 'This sign-in request has expired. Start again.');
  if (form.get('decision') === 'deny') return redirectBack(exchange, request, { error: 'access_denied' });
  const account = state.accounts.bySub(form.get('account') ?? '');
  if (!account) return showError(exchange, 400, 'invalid_request', 'Unknown account.');
  approve(state, exchange, request, account);
}

export function authorizationRoutes(state: FakeState): Route[] {
  return [
    route('GET', '/o/oauth2/v2/auth', (exchange) => authorize(state, exchange)),
    route('POST', CONSENT_PATH, (exchange) => answerConsent(state, exchange)),
  ];
}
