import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '@breaker/db';
import { AppError, SERVER_MESSAGES } from '@breaker/api-contract';
import type { AppDeps } from '../deps.js';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './cookies.js';
import { createSession, invalidateSession, validateSessionToken, type ValidSession } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: ValidSession | null;
  }
}

/** Resolves the session cookie once per API request (one query joins session and user). */
export function registerRequestSession(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    const token = readSessionToken(request, deps.config);
    if (!token) return;
    const session = await validateSessionToken(deps.db, token, deps.now());
    if (!session) {
      clearSessionCookie(reply, deps.config);
      return;
    }
    request.session = session;
    setSessionCookie(reply, deps.config, token, session.expiresAt);
  });
}

export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/trpc/');
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.session) throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.notSignedIn);
  return request.session.user;
}

/** A fresh session at every sign-in: any session the browser already had is ended first (no fixation). */
export async function signIn(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
  if (request.session) await invalidateSession(deps.db, request.session.sessionId);
  const { token, expiresAt } = await createSession(deps.db, userId, deps.now());
  setSessionCookie(reply, deps.config, token, expiresAt);
}

export async function signOut(deps: AppDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session) await invalidateSession(deps.db, request.session.sessionId);
  request.session = null;
  clearSessionCookie(reply, deps.config);
}
