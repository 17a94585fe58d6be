import fastifyOauth2 from '@fastify/oauth2';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { signInFlowCookie } from './cookies.js';

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

/** One short line for the log: OAuth errors carry whole HTTP exchanges that would only add noise. */
export function oauthFailureReason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}
