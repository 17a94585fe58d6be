import { AppError } from '@breaker/api-contract';
import fastifyOauth2 from '@fastify/oauth2';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { signInFlowCookie } from './cookies.js';
import { signIn } from './request-session.js';

/** Where a provider's authorization and token endpoints are, and the app registered with it. */
export interface OAuthProvider {
  clientId: string;
  clientSecret: string;
  authorizeHost: string;
  authorizePath: string;
  tokenHost: string;
  tokenPath: string;
  revokePath?: string;
}

/** One browser flow at that provider (signing in, connecting a calendar), decorated on the app by its name. */
export interface OAuthFlow {
  name: string;
  scope: string[];
  callbackPath: string;
  callbackUriParams?: Record<string, string>;
  /** Each flow of a provider but the first keeps its state and PKCE verifier in cookies of its own names. */
  cookieNames?: { state: string; verifier: string };
}

/**
 * Registers each flow as an authorization code flow with state and PKCE (S256), the client's secret sent in the
 * body, and its cookies scoped to the sign-in flow (cookies.ts).
 */
export async function registerOAuthFlows(
  app: FastifyInstance,
  deps: AppDeps,
  provider: OAuthProvider,
  flows: readonly OAuthFlow[],
): Promise<void> {
  const { clientId, clientSecret, revokePath, ...endpoints } = provider;
  const credentials = {
    client: { id: clientId, secret: clientSecret },
    auth: { ...endpoints, ...(revokePath ? { revokePath } : {}) },
    options: { authorizationMethod: 'body' as const },
  };
  const cookie = signInFlowCookie(deps.config, '/');
  for (const flow of flows) {
    await app.register(fastifyOauth2, {
      name: flow.name,
      scope: flow.scope,
      credentials,
      callbackUri: new URL(flow.callbackPath, deps.config.appUrl).toString(),
      ...(flow.callbackUriParams ? { callbackUriParams: flow.callbackUriParams } : {}),
      pkce: 'S256',
      cookie,
      ...(flow.cookieNames
        ? { redirectStateCookieName: flow.cookieNames.state, verifierCookieName: flow.cookieNames.verifier }
        : {}),
    });
  }
}

/** The provider sent the person back with `error=access_denied` (or another error) instead of a code. */
export function oauthDeclined(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown>;
  return typeof query['error'] === 'string' || typeof query['code'] !== 'string';
}

/** A provider's sign-in as its callback ends it: who it names, the error codes /login shows, the log's name for it. */
export interface ProviderSignIn {
  /** Google, Microsoft: as the log says it. */
  provider: string;
  /** The `error` for an email another account already has. */
  emailInUse: string;
  /** The `error` for anything else that went wrong. */
  failed: string;
}

/**
 * Signs in the account `accountFor` finds or makes from the provider's answer and sends the person home; on failure,
 * back to /login naming a taken email, or saying the sign-in failed (the reason logged).
 */
export async function finishProviderSignIn(
  { provider, emailInUse, failed }: ProviderSignIn,
  { deps, request, reply }: { deps: AppDeps; request: FastifyRequest; reply: FastifyReply },
  accountFor: () => Promise<{ id: string }>,
): Promise<unknown> {
  try {
    const user = await accountFor();
    await signIn(deps, request, reply, user.id);
    return reply.redirect('/', 303);
  } catch (error) {
    if (error instanceof AppError && error.message === emailInUse) {
      return reply.redirect(`/login?error=${emailInUse}`, 303);
    }
    request.log.warn({ reason: oauthFailureReason(error) }, `${provider} sign-in failed`);
    return reply.redirect(`/login?error=${failed}`, 303);
  }
}

/** One short line for the log: OAuth errors carry whole HTTP exchanges that would only add noise. */
export function oauthFailureReason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}
