import { AppError } from '@breaker/api-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { signIn } from '../auth/request-session.js';
import type { AppDeps } from '../deps.js';
import { OIDC_EMAIL_IN_USE, signInWithOidc } from '../services/oidc-sign-in.js';
import { OidcUnavailableError } from './oidc-client.js';
import { setOidcFlowCookie, takeOidcFlowCookie } from './oidc-cookies.js';

interface Navigation {
  deps: AppDeps;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** How a single sign-on comes back to /login when it did not sign anyone in (apps/web sign-in-return.ts words them). */
export const OIDC_RETURN_ERRORS = {
  notConfigured: 'oidc_not_configured',
  unavailable: 'oidc_unavailable',
  failed: 'oidc_failed',
  emailInUse: OIDC_EMAIL_IN_USE,
} as const;

function backToLogin(reply: FastifyReply, error: string) {
  return reply.redirect(`/login?error=${error}`, 303);
}

/** One short line for the log: the library's errors can carry whole responses; the provider's error code is enough. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 300);
  const code = 'error' in error && typeof error.error === 'string' ? ` (${error.error})` : '';
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${code}${cause}`.slice(0, 300);
}

/** `/api/auth/oidc`: sends the browser to the provider, with the flow's state, nonce and PKCE verifier kept sealed. */
export async function startOidcSignIn({ deps, request, reply }: Navigation) {
  const oidc = request.server.oidcSignIn;
  if (!oidc) return backToLogin(reply, OIDC_RETURN_ERRORS.notConfigured);
  try {
    const { url, flow } = await oidc.start();
    setOidcFlowCookie(reply, deps, flow);
    return reply.redirect(url.href, 303);
  } catch (error) {
    request.log.warn({ reason: reasonOf(error) }, 'single sign-on could not start');
    return backToLogin(reply, OIDC_RETURN_ERRORS.unavailable);
  }
}

/** `/api/auth/oidc/callback`: a session only for a code that redeems to a valid ID token of the flow this browser began. */
export async function finishOidcSignIn({ deps, request, reply }: Navigation) {
  const oidc = request.server.oidcSignIn;
  if (!oidc) return backToLogin(reply, OIDC_RETURN_ERRORS.notConfigured);
  const flow = takeOidcFlowCookie(request, reply, deps);
  if (!flow) {
    request.log.warn('single sign-on came back without a flow this browser started');
    return backToLogin(reply, OIDC_RETURN_ERRORS.failed);
  }
  try {
    const profile = await oidc.finish(new URL(request.url, deps.config.appUrl), flow);
    const user = await signInWithOidc(deps, profile);
    await signIn(deps, request, reply, user.id);
    return reply.redirect('/', 303);
  } catch (error) {
    if (error instanceof AppError && error.message === OIDC_EMAIL_IN_USE)
      return backToLogin(reply, OIDC_RETURN_ERRORS.emailInUse);
    request.log.warn({ reason: reasonOf(error) }, 'single sign-on failed');
    const unavailable = error instanceof OidcUnavailableError || isNetworkFailure(error);
    return backToLogin(reply, unavailable ? OIDC_RETURN_ERRORS.unavailable : OIDC_RETURN_ERRORS.failed);
  }
}

/** fetch's own failure (connection refused, timeout): the provider is down rather than refusing. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError');
}
