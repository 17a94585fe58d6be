import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../env.js';

/** `__Host-` binds the cookie to this exact origin over https; plain http (local use) cannot carry the prefix. */
export function sessionCookieName(config: Pick<Config, 'secureCookies'>): string {
  return config.secureCookies ? '__Host-breaker_session' : 'breaker_session';
}

/** Long enough to choose an account and consent at a provider; a sign-in flow left longer starts again. */
export const SIGN_IN_FLOW_MAX_AGE_SECONDS = 10 * 60;

/**
 * The cookies that carry a sign-in flow (state, PKCE verifier, nonce) across the provider's redirect: HttpOnly, sent on
 * the provider's top-level redirect back (lax), and gone after SIGN_IN_FLOW_MAX_AGE_SECONDS, not the browser session.
 */
export function signInFlowCookie(config: Pick<Config, 'secureCookies'>, path: string) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
    path,
    maxAge: SIGN_IN_FLOW_MAX_AGE_SECONDS,
  };
}

export function readSessionToken(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[sessionCookieName(config)];
}

/**
 * The session's lifetime goes to the browser as Max-Age (seconds from now, by the server's clock) rather than as an
 * Expires date, which the browser compares with its own clock: a client whose clock is off (or a server on a faked
 * clock) would otherwise drop a live session or keep a dead one.
 */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date, now: Date): void {
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: '/',
    maxAge: Math.floor((expiresAt.getTime() - now.getTime()) / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: '/',
  });
}
