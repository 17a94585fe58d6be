import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SIGN_IN_FLOW_MAX_AGE_SECONDS, signInFlowCookie } from '../auth/cookies.js';
import type { AppDeps } from '../deps.js';
import type { OidcFlow } from './oidc-client.js';

const FLOW_COOKIE = 'breaker_oidc_flow';

/** Only the sign-in's own two routes ever see the cookie. */
const FLOW_COOKIE_PATH = '/api/auth/oidc';

const sealedFlow = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(43).max(128),
  expiresAt: z.number(),
});

/**
 * State, nonce and PKCE verifier go into one HttpOnly cookie sealed with the server's key: the browser can neither read
 * nor alter them, and the expiry inside the seal holds even if the cookie is kept beyond its max-age.
 */
export function setOidcFlowCookie(reply: FastifyReply, deps: AppDeps, flow: OidcFlow): void {
  const expiresAt = deps.now().getTime() + SIGN_IN_FLOW_MAX_AGE_SECONDS * 1000;
  const sealed = deps.cipher.seal(JSON.stringify({ ...flow, expiresAt }));
  reply.setCookie(FLOW_COOKIE, sealed, signInFlowCookie(deps.config, FLOW_COOKIE_PATH));
}

/** The flow this browser started, cleared as it is read: each one can come back once. Undefined if none or not valid. */
export function takeOidcFlowCookie(request: FastifyRequest, reply: FastifyReply, deps: AppDeps): OidcFlow | undefined {
  const sealed = request.cookies[FLOW_COOKIE];
  if (sealed === undefined) return undefined;
  reply.clearCookie(FLOW_COOKIE, signInFlowCookie(deps.config, FLOW_COOKIE_PATH));
  try {
    const { expiresAt, ...flow } = sealedFlow.parse(JSON.parse(deps.cipher.open(sealed)));
    return expiresAt > deps.now().getTime() ? flow : undefined;
  } catch {
    return undefined;
  }
}
