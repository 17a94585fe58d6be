import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BreakFields, UserRow } from '@breaker/db';
import { AppError, SERVER_MESSAGES } from '@breaker/api-contract';
import type { AppDeps } from '../deps.js';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './cookies.js';
import {
  createSession,
  invalidateSession,
  validateSessionToken,
  validateSessionTokenWithUpcomingBreaks,
  type ValidSession,
} from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: ValidSession | null;
    /** Read with the session for a route whose reader says so (`readsUpcomingBreaks`); null otherwise. */
    upcomingBreaks: BreakFields[] | null;
  }
  interface FastifyContextConfig {
    /**
     * The route answers the user's upcoming breaks, the product's most frequent read: they are read by the statement
     * that checks the session, so the request costs one round trip instead of two.
     */
    readsUpcomingBreaks?: boolean;
    /**
     * Read by a private address instead of a session (the breaks feed): no session is read or set for it, and it
     * answers with an ETag and 304s to whoever holds the address (conditional-reads.ts).
     */
    readByPrivateAddress?: boolean;
  }
}

/**
 * Resolves the session cookie once per API request (one query joins session and user). A request whose route or tRPC
 * procedure reads the upcoming breaks (`readsUpcomingBreaks`) gets them from that same query.
 */
export function registerRequestSession(
  app: FastifyInstance,
  deps: AppDeps,
  readsUpcomingBreaks: (request: FastifyRequest) => boolean,
): void {
  app.decorateRequest('session', null);
  app.decorateRequest('upcomingBreaks', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.routeOptions.url) || request.routeOptions.config.readByPrivateAddress) return;
    const token = readSessionToken(request, deps.config);
    if (!token) return;
    const policy = { allowDevelopment: deps.config.allowDevLogin };
    let session: ValidSession | null;
    if (readsUpcomingBreaks(request)) {
      const found = await validateSessionTokenWithUpcomingBreaks(deps.db, token, deps.now(), policy);
      session = found?.session ?? null;
      request.upcomingBreaks = found?.upcomingBreaks ?? null;
    } else {
      session = await validateSessionToken(deps.db, token, deps.now(), policy);
    }
    if (!session) {
      clearSessionCookie(reply, deps.config);
      return;
    }
    request.session = session;
    // The browser already holds the cookie with this expiry unless it just moved.
    if (session.extended) setSessionCookie(reply, deps.config, token, session.expiresAt);
  });
}

/** The matched route, not the raw URL: `/%61pi/...` is routed to `/api/...` too. */
function isApiPath(route: string | undefined): boolean {
  return route !== undefined && (route.startsWith('/api/') || route.startsWith('/trpc/'));
}

/** A route hook: after the session is resolved and before the body is parsed, so a signed-out call learns only that. */
export async function requireSignIn(request: FastifyRequest): Promise<void> {
  requireUser(request);
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.session) throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.notSignedIn);
  return request.session.user;
}

/** A fresh session at every sign-in: any session the browser already had is ended first (no fixation). */
export async function signIn(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  options: { development?: boolean } = {},
): Promise<void> {
  if (request.session) await invalidateSession(deps.db, request.session.sessionId);
  const { token, expiresAt } = await createSession(deps.db, userId, deps.now(), options);
  setSessionCookie(reply, deps.config, token, expiresAt);
}

export async function signOut(deps: AppDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session) await invalidateSession(deps.db, request.session.sessionId);
  request.session = null;
  clearSessionCookie(reply, deps.config);
}
