import {
  AppError,
  breakSessionPatch,
  forgotPasswordInput,
  icsFeedInput,
  idParam,
  loginInput,
  pushEndpointInput,
  pushSubscriptionInput,
  registerInput,
  resetPasswordInput,
  selectedActivitiesInput,
  updatePreferencesInput,
  userIdParam,
} from '@breaker/api-contract';
import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { requireUser, signIn, signOut } from '../auth/request-session.js';
import type { AppDeps } from '../deps.js';
import { loadUser, register } from '../services/accounts.js';
import { listBreakActivities } from '../services/activities.js';
import { listUpcomingBreaks, recordBreakOutcome, refreshBreaks, removeBreak } from '../services/breaks.js';
import { listCalendarEvents, syncCalendar } from '../services/calendar.js';
import { GOOGLE_CALENDAR_CALLBACK, GOOGLE_SIGN_IN_CALLBACK } from '../google/oauth-clients.js';
import { connectCalendarOnGoogleSignIn, connectGoogleCalendar } from '../services/google-calendar-connect.js';
import { connectIcsFeed, disconnectIcsFeed } from '../services/ics-feed.js';
import { fetchGoogleProfile } from '../google/userinfo.js';
import { GOOGLE_EMAIL_IN_USE, signInWithGoogle } from '../services/google-sign-in.js';
import { requestPasswordReset, resetPassword } from '../services/password-reset.js';
import { signInWithPassword } from '../services/sign-in.js';
import { getPreferences, savePreferences, saveSelectedActivities } from '../services/preferences.js';
import { listPushDevices, pushPublicKey, sendTestPush, subscribeToPush, unsubscribeFromPush } from '../services/push.js';

interface RouteContext {
  deps: AppDeps;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RestRoute {
  method: HTTPMethods;
  url: string;
  /** Answers 401 to anyone signed out, before the body or the path is read. */
  signedIn?: true;
  /** The session is read with the user's upcoming breaks, onto `request.upcomingBreaks` (request-session.ts). */
  readsUpcomingBreaks?: true;
  /** What the route answers; undefined when it already sent a reply (a redirect). */
  handle(context: RouteContext): Promise<unknown>;
}

/** A call for signed-in users only: anyone else gets 401 before anything is read, and `handle` gets the user's id. */
function forSignedIn(
  method: HTTPMethods,
  url: string,
  handle: (context: RouteContext & { userId: string }) => Promise<unknown>,
  options: Pick<RestRoute, 'readsUpcomingBreaks'> = {},
): RestRoute {
  return {
    method,
    url,
    signedIn: true,
    ...options,
    handle: (context) => handle({ ...context, userId: requireUser(context.request).id }),
  };
}

/** Google sends the person back with `error=access_denied` (or another error) instead of a code. */
function googleDeclined(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown>;
  return typeof query['error'] === 'string' || typeof query['code'] !== 'string';
}

/** One short line for the log: OAuth errors carry whole HTTP exchanges that would only add noise. */
function failureReason(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 200) : String(error).slice(0, 200);
}

/**
 * Every `/api` call of the spec (§7) and its browser navigations, in one table; the development sign-ins have their
 * own (development-routes.ts). Each shim parses with the shared schema and calls the same service as the tRPC procedure.
 */
export const restRoutes: RestRoute[] = [
  forSignedIn('GET', '/api/auth/user', async ({ deps, request }) => loadUser(deps.db, requireUser(request))),
  {
    method: 'POST',
    url: '/api/auth/login',
    async handle({ deps, request, reply }) {
      return signInWithPassword(deps, request, reply, loginInput.parse(request.body));
    },
  },
  {
    method: 'POST',
    url: '/api/auth/register',
    async handle({ deps, request, reply }) {
      reply.code(201);
      return register(deps, registerInput.parse(request.body), request.ip);
    },
  },
  {
    method: 'POST',
    url: '/api/auth/logout',
    async handle({ deps, request, reply }) {
      await signOut(deps, request, reply);
      return { ok: true };
    },
  },
  {
    method: 'GET',
    url: '/api/logout',
    async handle({ deps, request, reply }) {
      // A link on another site must not be able to sign people out.
      if (request.headers['sec-fetch-site'] !== 'cross-site') await signOut(deps, request, reply);
      return reply.redirect('/', 303);
    },
  },
  {
    method: 'GET',
    url: '/api/login',
    async handle({ deps, reply }) {
      return reply.redirect(deps.config.google ? '/api/auth/google' : '/login', 303);
    },
  },
  {
    method: 'POST',
    url: '/api/auth/clear-sessions',
    async handle({ deps, request, reply }) {
      await signOut(deps, request, reply);
      return { ok: true };
    },
  },
  {
    method: 'POST',
    url: '/api/auth/forgot-password',
    async handle({ deps, request }) {
      return requestPasswordReset(deps, forgotPasswordInput.parse(request.body).email, request.ip);
    },
  },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    async handle({ deps, request }) {
      const { token, newPassword } = resetPasswordInput.parse(request.body);
      return resetPassword(deps, token, newPassword);
    },
  },
  {
    method: 'GET',
    url: '/api/auth/google',
    async handle({ request, reply }) {
      const google = request.server.googleSignIn;
      if (!google) return reply.redirect('/google-login?error=google_not_configured', 303);
      return reply.redirect(await google.generateAuthorizationUri(request, reply), 303);
    },
  },
  {
    method: 'GET',
    url: GOOGLE_SIGN_IN_CALLBACK,
    async handle({ deps, request, reply }) {
      const google = request.server.googleSignIn;
      if (!google || !deps.config.google) return reply.redirect('/google-login?error=google_not_configured', 303);
      if (googleDeclined(request)) return reply.redirect('/login?error=google_failed', 303);
      try {
        const { token } = await google.getAccessTokenFromAuthorizationCodeFlow(request, reply);
        const profile = await fetchGoogleProfile(deps.config.google, token.access_token);
        const user = await signInWithGoogle(deps, profile);
        await connectCalendarOnGoogleSignIn(deps, user, profile.email, token);
        await signIn(deps, request, reply, user.id);
        return reply.redirect('/', 303);
      } catch (error) {
        if (error instanceof AppError && error.message === GOOGLE_EMAIL_IN_USE) {
          return reply.redirect(`/login?error=${GOOGLE_EMAIL_IN_USE}`, 303);
        }
        request.log.warn({ reason: failureReason(error) }, 'Google sign-in failed');
        return reply.redirect('/login?error=google_failed', 303);
      }
    },
  },
  {
    method: 'GET',
    url: '/api/auth/google/calendar',
    async handle({ request, reply }) {
      if (!request.session) return reply.redirect('/calendar?error=session_lost', 303);
      const google = request.server.googleCalendar;
      if (!google) return reply.redirect('/calendar?error=calendar_oauth_failed', 303);
      return reply.redirect(await google.generateAuthorizationUri(request, reply), 303);
    },
  },
  {
    method: 'GET',
    url: GOOGLE_CALENDAR_CALLBACK,
    async handle({ deps, request, reply }) {
      if (!request.session) return reply.redirect('/calendar?error=session_lost', 303);
      const google = request.server.googleCalendar;
      if (googleDeclined(request)) return reply.redirect('/calendar?error=calendar_oauth_failed', 303);
      try {
        if (!google) throw new AppError('UNAVAILABLE', 'Google Calendar is not configured');
        const { token } = await google.getAccessTokenFromAuthorizationCodeFlow(request, reply);
        await connectGoogleCalendar(deps, request.session.user.id, token);
        return reply.redirect('/calendar?success=calendar_connected', 303);
      } catch (error) {
        request.log.warn({ reason: failureReason(error) }, 'calendar connection failed');
        return reply.redirect('/calendar?error=calendar_oauth_failed', 303);
      }
    },
  },
  forSignedIn('GET', '/api/user/preferences', async ({ deps, userId }) => getPreferences(deps, userId)),
  forSignedIn('PUT', '/api/user/preferences', async ({ deps, request, userId }) => {
    const { preferences } = updatePreferencesInput.parse(request.body);
    return savePreferences(deps, userId, preferences);
  }),
  forSignedIn('PUT', '/api/user/selected-activities', async ({ deps, request, userId }) =>
    saveSelectedActivities(deps, userId, selectedActivitiesInput.parse(request.body)),
  ),
  {
    method: 'GET',
    url: '/api/break-activities',
    async handle({ deps }) {
      return listBreakActivities(deps);
    },
  },
  forSignedIn('GET', '/api/calendar-events', async ({ deps, userId }) => listCalendarEvents(deps, userId)),
  forSignedIn(
    'GET',
    '/api/upcoming-breaks',
    async ({ deps, request, userId }) => listUpcomingBreaks(deps, userId, request.upcomingBreaks),
    { readsUpcomingBreaks: true },
  ),
  forSignedIn('POST', '/api/calendar/sync/:userId', async ({ deps, request, userId }) =>
    syncCalendar(deps, userId, userIdParam.parse(request.params).userId),
  ),
  forSignedIn('POST', '/api/refresh-breakers/:userId', async ({ deps, request, userId }) =>
    refreshBreaks(deps, userId, userIdParam.parse(request.params).userId),
  ),
  forSignedIn('PATCH', '/api/break-sessions/:id', async ({ deps, request, userId }) => {
    const { id } = idParam.parse(request.params);
    return recordBreakOutcome(deps, userId, id, breakSessionPatch.parse(request.body));
  }),
  forSignedIn('DELETE', '/api/break-sessions/:id', async ({ deps, request, userId }) =>
    removeBreak(deps, userId, idParam.parse(request.params).id),
  ),
  forSignedIn('PUT', '/api/calendar/ics-feed', async ({ deps, request, userId }) =>
    connectIcsFeed(deps, userId, icsFeedInput.parse(request.body).url),
  ),
  forSignedIn('DELETE', '/api/calendar/ics-feed', async ({ deps, userId }) => disconnectIcsFeed(deps, userId)),
  {
    method: 'GET',
    url: '/api/push/public-key',
    async handle({ deps }) {
      return pushPublicKey(deps);
    },
  },
  forSignedIn('POST', '/api/push/subscriptions', async ({ deps, request, reply, userId }) => {
    const input = pushSubscriptionInput.parse(request.body);
    const saved = await subscribeToPush(deps, userId, input, request.headers['user-agent']);
    reply.code(201);
    return saved;
  }),
  forSignedIn('DELETE', '/api/push/subscriptions', async ({ deps, request, reply, userId }) => {
    await unsubscribeFromPush(deps, userId, pushEndpointInput.parse(request.body).endpoint);
    return reply.code(204).send();
  }),
  forSignedIn('GET', '/api/push/subscriptions', async ({ deps, userId }) => listPushDevices(deps, userId)),
  forSignedIn('POST', '/api/push/test', async ({ deps, userId }) => sendTestPush(deps, userId)),
];
