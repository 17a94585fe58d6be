import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { signInFlowCookie } from '../auth/cookies.js';
import type { AppDeps } from '../deps.js';

const NONCE_COOKIE = 'oauth2-microsoft-nonce';
const NONCE_COOKIE_PATH = '/api/auth/microsoft';

/** A fresh nonce for this browser's authorization request, kept in an HttpOnly cookie until the callback. */
export function issueNonce(deps: AppDeps, reply: FastifyReply): string {
  const nonce = randomBytes(24).toString('base64url');
  reply.setCookie(NONCE_COOKIE, nonce, signInFlowCookie(deps.config, NONCE_COOKIE_PATH));
  return nonce;
}

/** The nonce the callback must find in the ID token; read once, then cleared. */
export function takeNonce(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const nonce = request.cookies[NONCE_COOKIE];
  reply.clearCookie(NONCE_COOKIE, { path: NONCE_COOKIE_PATH });
  return nonce;
}

/** The authorization URL the plugin built, with this request's nonce added. */
export function withNonce(authorizationUri: string, nonce: string): string {
  const url = new URL(authorizationUri);
  url.searchParams.set('nonce', nonce);
  return url.toString();
}
