import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BreakFields, SessionUser } from '@breaker/db';
import { AppError, SERVER_MESSAGES } from '@breaker/api-contract';
import type { AppDeps } from '../deps.js';
import { planEtag } from '../routes/plan-tags.js';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './cookies.js';
import {
  createSession,
  invalidateSession,
  validateSessionToken,
  validateSessionTokenWithPlanDay,
  validateSessionTokenWithUpcomingBreaks,
  type ValidSession,
} from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: ValidSession | null;
    /** Read with the session for a route whose reader says so (`readsUpcomingBreaks`); null otherwise. */
    upcomingBreaks: BreakFields[] | null;
    /** The ETag of an answer built from the user's plan alone (`answersFromPlan`), from the session's read; null otherwise. */
    planEtag: string | null;
  }
  interface FastifyContextConfig {
    /**
     * The route answers the user's upcoming breaks, the product's most frequent read: they are read by the statement
     * that checks the session, so the request costs one round trip instead of two.
     */
    readsUpcomingBreaks?: boolean;
    /**
     * The answer depends only on the user's plan version and today: its ETag is derived from them with the session's
     * read (routes/plan-tags.ts), and a conditional request that still matches is answered 304 without the answer.
     */
    answersFromPlan?: boolean;
    /**
     * Read by a private address instead of a session (the breaks feed): no session is read or set for it, and it
     * answers with an ETag and 304s to whoever holds the address (conditional-reads.ts).
     */
    readByPrivateAddress?: boolean;
  }
}

/** Which readers a request's route or tRPC procedures ask for; see the route options above. */
export interface SessionReaders {
  readsUpcomingBreaks(request: FastifyRequest): boolean;
  answersFromPlan(request: FastifyRequest): boolean;
}

/**
 * Resolves the session cookie once per API request (one query joins session and user). A request whose route or tRPC
 * procedure reads the upcoming breaks (`readsUpcomingBreaks`) gets them from that same query, unless it is a
 * conditional read of an answer built from the plan alone (`answersFromPlan`): that one reads only what its ETag
 * derives from, since the answer is most often unchanged (conditional-reads.ts answers the 304).
 */
export function registerRequestSession(app: FastifyInstance, deps: AppDeps, readers: SessionReaders): void {
  app.decorateRequest('session', null);
  app.decorateRequest('upcomingBreaks', null);
  app.decorateRequest('planEtag', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.routeOptions.url) || request.routeOptions.config.readByPrivateAddress) return;
    const token = readSessionToken(request, deps.config);
    if (!token) return;
    // One clock reading: the one the session is checked and extended by gives the cookie its Max-Age.
    const now = deps.now();
    const session = await readSession(deps, request, { token, now }, readers);
    if (!session) {
      clearSessionCookie(reply, deps.config);
      return;
    }
    request.session = session;
    // The browser already holds the cookie with this expiry unless it just moved.
    if (session.extended) setSessionCookie(reply, deps.config, token, session.expiresAt, now);
  });
}

/** The session by the reader the request asks for, setting what that reader brings onto the request. */
async function readSession(
  deps: AppDeps,
  request: FastifyRequest,
  { token, now }: { token: string; now: Date },
  readers: SessionReaders,
): Promise<ValidSession | null> {
  const policy = { allowDevelopment: deps.config.allowDevLogin };
  const fromPlan = readers.answersFromPlan(request);
  const conditional = request.headers['if-none-match'] !== undefined;
  if (readers.readsUpcomingBreaks(request) && !(fromPlan && conditional)) {
    const found = await validateSessionTokenWithUpcomingBreaks(deps.db, token, now, policy);
    if (!found) return null;
    request.upcomingBreaks = found.upcomingBreaks;
    if (fromPlan) request.planEtag = planEtag(found.session.user.id, found.planDay, request.url);
    return found.session;
  }
  if (fromPlan) {
    const found = await validateSessionTokenWithPlanDay(deps.db, token, now, policy);
    if (!found) return null;
    request.planEtag = planEtag(found.session.user.id, found.planDay, request.url);
    return found.session;
  }
  return validateSessionToken(deps.db, token, now, policy);
}

/** The matched route, not the raw URL: `/%61pi/...` is routed to `/api/...` too. */
function isApiPath(route: string | undefined): boolean {
  return route !== undefined && (route.startsWith('/api/') || route.startsWith('/trpc/'));
}

/** A route hook: after the session is resolved and before the body is parsed, so a signed-out call learns only that. */
export async function requireSignIn(request: FastifyRequest): Promise<void> {
  requireUser(request);
}

export function requireUser(request: FastifyRequest): SessionUser {
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
  const now = deps.now();
  const { token, expiresAt } = await createSession(deps.db, userId, now, options);
  setSessionCookie(reply, deps.config, token, expiresAt, now);
}

export async function signOut(deps: AppDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session) await invalidateSession(deps.db, request.session.sessionId);
  request.session = null;
  clearSessionCookie(reply, deps.config);
}
